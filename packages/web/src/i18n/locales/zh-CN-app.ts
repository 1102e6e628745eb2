import type { enApp } from './en-app';

/** 已安装应用（更新、离线）的中文文案，与 en-app.ts 键完全一致。 */
export const zhCNApp: typeof enApp = {
  appShell: {
    updateAvailable: '有新版本可用',
    reload: '重新加载',
    offline: '当前处于离线状态。聊天显示已有内容，发送的消息将在网络恢复后发出。',
    reconnecting: '未连接到服务器，正在重新连接…',
  },
  notifications: {
    settingsTitle: '通知',
    enable: '新消息和来电通知',
    enableHint: '应用关闭时也会通知。浏览器会请求你的许可。',
    preview: '显示发送者和消息内容',
    previewHint: '关闭后，通知只显示“新消息”。',
    unsupported: '此浏览器无法显示通知。在 iPhone 上，请先将应用添加到主屏幕。',
    denied: '此网站的通知已被阻止，请在浏览器设置中允许。',
    enableFailed: '无法开启通知',
    newMessage: '新消息',
    newMessageBody: '打开应用查看',
    inGroup: '{{sender}}（{{group}}）',
    mentioned: '[有人@我] {{text}}',
    friendApplicationTitle: '好友申请',
    friendApplication: '{{name}} 请求添加你为好友',
    friendApplicationHidden: '你有一条新的好友申请',
    groupApplicationTitle: '入群申请',
    groupApplication: '{{name}} 申请加入 {{group}}',
    groupApplicationHidden: '有人申请加入你的群组',
    voiceCall: '语音来电',
    videoCall: '视频来电',
    callFrom: '{{name}} 正在呼叫你',
    callHidden: '有人正在呼叫你',
  },
  appearance: {
    title: '外观',
    system: '跟随系统',
    light: '浅色',
    dark: '深色',
  },
};
