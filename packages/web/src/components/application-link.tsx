import { Tag } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { HandleResult } from '@im/protocol';
import { applicationStatusKey } from '../utils/application-query';
import { Avatar } from './avatar';
import { LinkItem } from './list-items';

interface Props {
  /** The details page of the application. */
  to: string;
  /** The other side (user or group): the link's name. */
  name: string;
  face: string;
  description: string;
  handleResult: number;
}

/** An application's row: one link named by the other side, with a line and the state as a tag. */
export function ApplicationLink({ to, name, face, description, handleResult }: Props) {
  const { t } = useTranslation();
  const status = applicationStatusKey(handleResult);
  const pending = handleResult === HandleResult.Pending;
  return (
    <LinkItem
      to={to}
      prefix={<Avatar name={name} src={face} size={40} />}
      description={description || undefined}
      extra={
        status && (
          <Tag color={pending ? 'primary' : 'default'} fill="outline">
            {t(status)}
          </Tag>
        )
      }
    >
      {name}
    </LinkItem>
  );
}
