import Toast from 'antd-mobile/es/components/toast';
import { TOAST_DURATION_MS } from '@im/protocol';

/** antd-mobile's Toast with the product's duration (docs/product.md#constants); loaded by antd-setup.ts. */
export function configuredToast(): typeof Toast {
  Toast.config({ duration: TOAST_DURATION_MS });
  return Toast;
}
