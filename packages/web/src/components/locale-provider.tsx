import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { useTranslation } from '../i18n/use-translation';

type AntdLocale = typeof enUS;

let zhCN: AntdLocale | null = null;

/**
 * antd-mobile's own few texts (picker buttons, clear labels) follow the chosen language. Its
 * English texts are its defaults; the Chinese ones load with the Chinese interface, like our own
 * catalogue (docs/decisions.md#first-screen).
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const chinese = i18n.language !== 'en';
  const [, setLoaded] = useState(zhCN !== null);
  useEffect(() => {
    if (!chinese || zhCN) return;
    void import('antd-mobile/es/locales/zh-CN').then((module) => {
      zhCN = module.default;
      setLoaded(true);
    });
  }, [chinese]);
  return <ConfigProvider locale={chinese && zhCN ? zhCN : enUS}>{children}</ConfigProvider>;
}
