import type { enProfile } from './en-profile';

/** 个人资料后续部分的中文文本：与 en-profile.ts 键相同。 */
export const zhCNProfile: typeof enProfile = {
  username: {
    label: '用户名',
    title: '设置用户名',
    hint: '6-12 位字母和数字',
    invalid: '用户名须为 6-12 位字母和数字',
    taken: '该用户名已被占用',
    saved: '用户名已保存',
  },
  age: {
    label: '年龄',
    value: '{{count}} 岁',
  },
  memberCard: {
    region: '在本群中',
    groupNickname: '群昵称',
    role: '身份',
    member: '成员',
  },
  debugLog: {
    upload: '上传调试日志',
    hint: '将应用最近的日志（不含消息内容、密码和令牌）发送给服务器运营者，帮助排查问题。',
    confirm: '将本应用最近的日志发送给服务器运营者？',
    send: '发送',
    sent: '调试日志已上传',
    empty: '日志中还没有内容',
  },
  failure: {
    withReason: '{{title}}：{{reason}}',
  },
};
