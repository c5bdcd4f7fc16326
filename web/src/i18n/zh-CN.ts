/** Simplified Chinese strings (the default language). Same keys as en.ts. */
import type { Messages } from './en';

const zhCN: Messages = {
  app: { name: 'audiolib' },
  common: {
    cancel: '取消', confirm: '确定', close: '关闭', save: '保存', delete: '删除', back: '返回',
    loading: '加载中…', submit: '提交', previous: '上一张', next: '下一张', yes: '是', no: '否',
  },
  login: {
    title: '登录', name: '用户名', password: '密码', submit: '登录',
    tooShort: '密码长度至少为 5', success: '登录成功。',
  },
  site: {
    title: '选择站点', audio: '音声', novel: '小说', third: '第三站',
    lyskMail: '邮件', lyskAlarm: '闹钟', lyskMovie: '影片', lyskEmpty: '这里还什么都没有。',
  },
  notFound: { title: '页面不存在', text: '{{path}} 不存在。', home: '返回作品列表' },
  nav: {
    works: '所有作品', search: '高级搜索', favourites: '我的收藏', circles: '社团', tags: '标签', vas: '声优',
    aiLyric: 'AI 字幕中心', player: '全屏播放器', random: '随心听', sleep: '睡眠定时',
    night: '夜间模式', sites: '站点选择', settings: '设置', logout: '退出登录', language: '语言',
    logoutConfirm: '确定要退出登录吗？', keyword: '搜索关键字', menu: '菜单', signedInAs: '当前用户：{{name}}',
  },
  sleep: {
    title: '睡眠定时', time: '暂停时间（HH:MM）', set: '设定', cancel: '取消定时', none: '未设定定时',
    setAt: '将在 {{time}} 暂停播放', cleared: '已取消睡眠定时', invalid: '请按 HH:MM 输入时间',
  },
  works: {
    all: '所有作品', tag: '搜索标签：{{name}}', va: '搜索声优：{{name}}', circle: '社团作品：{{name}}',
    keyword: '搜索关键字：{{name}}', advance: '聚合搜索',
    noMore: '没有更多作品了', empty: '没有作品', sort: '排序', nsfw: '年龄分级', lyric: '字幕',
    asc: '升序', desc: '降序', grid: '网格', list: '列表', labels: '显示标签', detail: '详细卡片', zoom: '缩略图',
    deleteConfirm: '确定删除该音声吗？', recent: '最近播放', recentAll: '播放历史', tracks: '{{count}} 个音轨',
    order: {
      release: '发售日期', rating: '我的评价', dl_count: '销量', price: '价格', rate_average_2dp: '平均评分',
      review_count: '评论数', id: '作品编号', created_at: '收录日期', random: '随机', betterRandom: '随机',
    },
    nsfwOpt: { 0: '全部', 1: '全年龄', 2: '仅限成人（R18）' },
    lyricOpt: { local: '本地字幕', ai: 'AI 字幕' },
  },
  search: {
    placeholder: '添加关键字', add: '添加', blank: '不能添加空白关键字', duplicated: '关键字重复，添加失败',
    type: { unknown: '未知', fuzzy: '模糊', VA: '声优', tag: '标签', circle: '社团' }, hint: '添加关键字开始搜索',
  },
  names: { circles: '所有社团', tags: '所有标签', vas: '所有声优', filter: '按名称筛选', empty: '没有匹配项' },
  work: {
    store: '商店页面', price: '{{price}} 日元', sales: '售出 {{count}}', average: '平均 {{avg}}', rateCount: '{{count}} 人评分',
    reviewCount: '{{count}} 条评论', myRating: '我的评分', progress: '进度', noProgress: '标记进度', writeReview: '写评论',
    reviewText: '评论', deleteReview: '删除评论', deleteReviewConfirm: '确定删除你对该作品的评论吗？',
    playHistory: '从历史继续播放', deleteHistory: '删除播放历史', deleteHistoryConfirm: '确定删除该作品的播放历史吗？',
    historyDeleted: '播放历史已删除', historyDeleteFailed: '删除播放历史失败：{{message}}', resumed: '已恢复播放历史',
    translateFolder: '翻译当前文件夹', scan: '扫描本地文件', deleteWork: '删除作品', deleteWorkConfirm: '确定删除该音声吗？',
    translateQueued: '已提交 {{count}} 个任务', noAudio: '当前文件夹没有音频',
    items: '{{count}} 项', root: 'ROOT', emptyFolder: '空文件夹',
    addToPlaylist: '加入播放列表', playNext: '下一首播放', download: '下载', aiTranslate: 'AI 翻译',
    imageIndex: '{{n}}/{{total}}', useAsCover: '设为可视化封面', coverSet: '封面设置成功', openVisualiser: '打开可视化页面',
    addedToQueue: '已加入播放列表', willPlayNext: '将在下一首播放',
    ai: { 0: '无', 1: '等待中', 2: '转写中', 3: '成功', 4: '失败' },
  },
  progress: { marked: '想听', listening: '在听', listened: '听过', replay: '重听', postponed: '搁置' },
  fav: {
    histroy: '播放历史', review: '我的评论', progress: '我的进度', folder: '分类',
    folderTodo: '尚未实现，敬请期待', empty: '这里还是空的：在作品页标记星级或进度后就会出现在这里。',
    playFromHistory: '从历史播放', position: '{{n}}/{{total}}', updated: '更新于 {{time}}', all: '全部',
    sort: {
      updated_at: '最近更新', userRating: '我的评分', release: '发售日期', review_count: '评论数', dl_count: '销量',
      allage: '全年龄优先', nsfw: '成人向优先',
    },
  },
  player: {
    play: '播放', pause: '暂停', previous: '上一首', next: '下一首', seek: '播放位置', nothing: '没有正在播放的内容',
  },
  errors: { network: '网络错误' },
  version: { lock: '扫描锁：{{reason}}', later: '稍后提醒', goScan: '前往扫描页面', update: '有新版本可用' },
  admin: {
    title: '管理', adminOnly: '管理页面仅供管理员账号使用。',
    nav: { home: '音声库', scanner: '扫描', advanced: '高级设置', usermanage: '用户管理', back: '返回主页' },
    roots: {
      title: '音声库', hint: '扫描时遍历的服务器文件夹。', empty: '还没有音声库文件夹。',
      name: '名称', path: '路径', add: '添加音声库文件夹', addButton: '添加', rename: '重命名', remove: '移除',
      newName: '新名称', confirmRemove: '移除音声库文件夹 {{name}}？作品和所有人的评价都会保留。',
    },
    advanced: {
      title: '高级设置', default: '默认值：{{value}}', readOnly: '只读', authLocked: '生产模式下不可更改',
      restartNotice: '此处的更改需要重启服务器。', restartNeeded: '重启服务器后生效：{{keys}}',
      cards: { web: '网页偏好', player: '播放器设置', crawler: '爬虫设置', scan: '文件夹扫描设置', server: '网页服务器设置', security: '安全', other: '其他' },
    },
    keys: {
      pageSize: '每页作品数', rewindSeekTime: '后退秒数', forwardSeekTime: '前进秒数',
      tagLanguage: '标签语言', dlsiteTimeout: 'DLsite 超时', hvdbTimeout: 'HVDB 超时', retryDelay: '重试间隔',
      retry: '最大尝试次数', maxParallelism: '爬虫并发数', httpProxyHost: 'HTTP 代理主机（空：不使用）', httpProxyPort: 'HTTP 代理端口（0：不使用）',
      scannerMaxRecursionDepth: '最大扫描递归深度', skipCleanup: '扫描后跳过清理',
      production: '生产模式', enableGzip: 'Gzip 压缩', listenPort: '监听端口', blockRemoteConnection: '阻止远程连接',
      auth: '用户验证', expiresIn: '登录有效期',
      checkUpdate: '检查更新', checkBetaUpdate: '检查测试版更新', dbUseDefaultPath: '数据库使用默认路径', coverUseDefaultPath: '封面使用默认路径',
    },
    users: {
      title: '用户管理', changeAdminPassword: '修改管理员密码', newPassword: '新密码', confirmPassword: '确认密码',
      change: '修改', passwordTooShort: '密码长度至少为 5', mismatch: '两次输入的密码不一致',
      addUser: '添加用户', name: '用户名', password: '密码', group: '用户组', add: '添加', nameTooShort: '用户名长度至少为 5',
      groups: { admin: '管理员', user: '用户', guest: '访客' },
      allUsers: '所有用户', selectAll: '选择所有用户', select: '选择 {{name}}', confirmDelete: '确认删除所选用户？',
    },
  },
};

export default zhCN;
