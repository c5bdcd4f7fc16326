/** The novel section's Simplified Chinese strings (the `novel.` keys). Same keys as novel-en.ts. */
import type { NovelMessages } from './novel-en';

const novelZhCN: NovelMessages = {
  app: { name: 'audiolib 小说' },
  nav: { works: '所有小说', circles: '站点', vas: '作者', add: '添加小说' },
  works: {
    all: '所有小说', tag: '搜索标签：{{name}}', va: '搜索作者：{{name}}', circle: '站点作品：{{name}}', deleteConfirm: '确定删除这本小说吗？',
    unknown: { circle: '没有这个站点', va: '没有这个作者' }, empty: '没有小说',
    order: { create_datetime: '收录时间', publish_datetime: '发布时间', rate: '评分', readCount: '阅读数', wordCount: '字数', lastRead_datetime: '最近阅读' },
  },
  names: { circles: '所有站点', tags: '所有标签', vas: '所有作者' },
  search: { type: { VA: '作者', circle: '站点' } },
  progress: { marked: '想看', listening: '在看', listened: '看过', replay: '重看', postponed: '搁置' },
  fav: {
    histroy: '阅读历史', folder: '分类', empty: '这里还是空的：在小说页标记星级或进度后就会出现在这里。',
    sort: { release: '发布时间', dl_count: '阅读数' },
  },
  wordCount: '{{n}} 万字', complete: '完结', serial: '连载',
  myProcess: { 0: '在看', 1: '看过', 2: '搁置', 3: '想看' },
  detail: {
    origin: '原文链接', update: '更新信息', reads: '阅读 {{count}}', published: '发布于 {{time}}',
    historyDeleted: '历史已删除', historyDeleteFailed: '删除历史失败',
  },
  txt: {
    title: 'TXT 文件', button: 'TXT（{{count}}）', none: '还没有上传 TXT。', choose: '选择 TXT 文件', upload: '上传', download: '下载',
    deleteConfirm: '确定删除这个 TXT 吗？', tooLarge: '文件超过 4 MB（4194304 字节）。',
    limit: '最大 4 MB；Shift-JIS、GBK 和 UTF-8 文件都会以 UTF-8 保存。', facts: '{{kb}} KB · 上传时编码 {{encoding}} · {{time}}',
    read: '在线阅读', reader: '阅读器', previous: '上一页', next: '下一页', page: '第 {{n}} / {{total}} 页', back: '返回小说', loadFailed: '无法打开 TXT', goto: '跳到页',
  },
  add: {
    title: '添加小说', url: '链接', search: '抓取', id: 'Id', name: '标题', cover: '封面地址', author: '作者', plat: '站点',
    desc: '简介', info: '详细信息', status: '状态', wordCount: '字数', publish: '发布时间', tags: '标签', rate: '评分',
    myProcess: '我的进度', noProcess: '无', reset: '重置', filled: '已根据页面填写表单', nameRequired: '请填写标题',
  },
};

export default novelZhCN;
