import type { enChanges } from './en-changes';

/** 消息变更（编辑、表情回应）的中文文本：与 en-changes.ts 键相同。 */
export const zhCNChanges: typeof enChanges = {
  changes: {
    edit: '编辑',
    edited: '已编辑',
    editing: '正在编辑消息',
    cancelEdit: '取消编辑',
    reactions: '表情回应',
    reactWith: '回应 {{emoji}}',
    reactionCount: '{{emoji}} {{count}}：查看谁回应了',
    whoReacted: '回应的人',
    you: '你',
    takeBack: '撤回我的 {{emoji}}',
    loadingNames: '加载中…',
    namesFailed: '无法加载名字',
    editWindowPassed: '该消息已无法编辑',
    messageGone: '该消息已被撤回或删除',
  },
};
