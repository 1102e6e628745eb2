import { useTranslation } from '../../i18n/use-translation';
import type { GroupMemberInfo } from '@im/protocol';
import { MemberPicker } from '../../components/member-picker';
import { atAllMention, atPickerOptions } from '../../utils/at-mentions';
import type { Mention } from '../../utils/at-mentions';
import { memberName } from '../../utils/group-roles';
import styles from '../../components/sheet.module.css';

export interface AtSource {
  members: GroupMemberInfo[];
  self: { userID: string; roleLevel: number | undefined };
}

interface Props {
  source: AtSource;
  visible: boolean;
  onPick: (mention: Mention) => void;
  onClose: () => void;
}

/**
 * The @ picker of a group composer: the other members (searchable by name or ID), and "All members"
 * first for the owner and admins (an @all from anyone else is refused, docs/api.md).
 */
export function AtPicker({ source, visible, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const labels = [t('atPicker.all'), t('atPicker.allName')];
  const options = (keyword: string) => atPickerOptions(source.members, source.self, keyword, labels);
  return (
    <MemberPicker
      title={t('atPicker.title')}
      visible={visible}
      options={(keyword) => options(keyword).members}
      extra={(keyword) =>
        options(keyword).all && (
          <li>
            <button
              type="button"
              className={styles.option}
              onClick={() => onPick(atAllMention(t('atPicker.allName')))}
            >
              {t('atPicker.all')}
            </button>
          </li>
        )
      }
      onPick={(member) => onPick({ userID: member.userID, name: memberName(member) })}
      onClose={onClose}
    />
  );
}
