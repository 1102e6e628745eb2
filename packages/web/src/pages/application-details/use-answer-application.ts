import { useState } from 'react';
import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { TranslationKey } from '../../i18n/keys';
import { useGoBack } from '../../hooks/use-go-back';
import { showActionError } from '../../utils/failure-toast';

interface Options {
  /** Where to go back to when there is no history. */
  back: string;
  /** Accepts or refuses through the core and updates the store. */
  answer: (accept: boolean) => Promise<void>;
  acceptedToast: TranslationKey;
  rejectedToast: TranslationKey;
  /** The question asked before rejecting. */
  rejectConfirm: string;
  /** Logged with the error when answering fails. */
  failureLog: string;
}

/**
 * Answering a received application: accept at once, reject after a confirmation; on success a
 * toast and back, on failure the error; `busy` while the answer is under way.
 */
export function useAnswerApplication({
  back,
  answer,
  acceptedToast,
  rejectedToast,
  rejectConfirm,
  failureLog,
}: Options) {
  const { t } = useTranslation();
  const goBack = useGoBack(back);
  const [busy, setBusy] = useState(false);

  const handle = async (accept: boolean) => {
    setBusy(true);
    try {
      await answer(accept);
      Toast.show({ icon: 'success', content: t(accept ? acceptedToast : rejectedToast) });
      goBack();
    } catch (error) {
      showActionError(error, failureLog);
    } finally {
      setBusy(false);
    }
  };

  const reject = () =>
    Dialog.confirm({
      content: rejectConfirm,
      confirmText: t('applications.reject'),
      cancelText: t('common.cancel'),
      onConfirm: () => handle(false),
    });

  return { busy, accept: () => void handle(true), reject: () => void reject() };
}
