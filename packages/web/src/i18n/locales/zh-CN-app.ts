import type { enApp } from './en-app';

/** 已安装应用（更新、离线）的中文文案，与 en-app.ts 键完全一致。 */
export const zhCNApp: typeof enApp = {
  appShell: {
    updateAvailable: '有新版本可用',
    reload: '重新加载',
    offline: '当前处于离线状态。聊天显示已有内容，发送的消息将在网络恢复后发出。',
    reconnecting: '未连接到服务器，正在重新连接…',
  },
};
