import { pinyin } from 'pinyin-pro';
import type { Lang } from './messages.js';

// Chinese place names in English and Spanish (docs/i18n.md#place-names). Provinces by their established names (Shaanxi,
// Inner Mongolia); a few places whose official romanisation is not Hanyu Pinyin (the names of minority languages that
// China's place-name standard keeps: Hohhot, Urumqi, Lhasa …) by a short list; every other place in Hanyu Pinyin
// without tones (pinyin-pro), syllables run together, an apostrophe before a syllable starting with a, o or e (Xi'an,
// Chang'an), and the administrative suffix as a word of the language (Yuyang District, Distrito de Yuyang). A
// prefecture-level city is named bare (Yulin); a county-level one keeps "City" to tell it from its prefecture. Pure.

export type PlaceLevel = 'province' | 'prefecture' | 'county';

interface Names {
  en: string;
  es: string;
}

/** The provincial-level divisions by their short Chinese name. */
const PROVINCES: Record<string, Names> = {
  北京: { en: 'Beijing', es: 'Beijing' },
  天津: { en: 'Tianjin', es: 'Tianjin' },
  河北: { en: 'Hebei', es: 'Hebei' },
  山西: { en: 'Shanxi', es: 'Shanxi' },
  内蒙古: { en: 'Inner Mongolia', es: 'Mongolia Interior' },
  辽宁: { en: 'Liaoning', es: 'Liaoning' },
  吉林: { en: 'Jilin', es: 'Jilin' },
  黑龙江: { en: 'Heilongjiang', es: 'Heilongjiang' },
  上海: { en: 'Shanghai', es: 'Shanghai' },
  江苏: { en: 'Jiangsu', es: 'Jiangsu' },
  浙江: { en: 'Zhejiang', es: 'Zhejiang' },
  安徽: { en: 'Anhui', es: 'Anhui' },
  福建: { en: 'Fujian', es: 'Fujian' },
  江西: { en: 'Jiangxi', es: 'Jiangxi' },
  山东: { en: 'Shandong', es: 'Shandong' },
  河南: { en: 'Henan', es: 'Henan' },
  湖北: { en: 'Hubei', es: 'Hubei' },
  湖南: { en: 'Hunan', es: 'Hunan' },
  广东: { en: 'Guangdong', es: 'Guangdong' },
  广西: { en: 'Guangxi', es: 'Guangxi' },
  海南: { en: 'Hainan', es: 'Hainan' },
  重庆: { en: 'Chongqing', es: 'Chongqing' },
  四川: { en: 'Sichuan', es: 'Sichuan' },
  贵州: { en: 'Guizhou', es: 'Guizhou' },
  云南: { en: 'Yunnan', es: 'Yunnan' },
  西藏: { en: 'Xizang', es: 'Xizang' },
  陕西: { en: 'Shaanxi', es: 'Shaanxi' },
  甘肃: { en: 'Gansu', es: 'Gansu' },
  青海: { en: 'Qinghai', es: 'Qinghai' },
  宁夏: { en: 'Ningxia', es: 'Ningxia' },
  新疆: { en: 'Xinjiang', es: 'Xinjiang' },
  台湾: { en: 'Taiwan', es: 'Taiwán' },
  香港: { en: 'Hong Kong', es: 'Hong Kong' },
  澳门: { en: 'Macao', es: 'Macao' },
};

/** Places romanised from their own language (GB/T 17693), not from the Chinese characters. */
const OWN_ROMANISATION: Record<string, string> = {
  呼和浩特: 'Hohhot',
  鄂尔多斯: 'Ordos',
  阿拉善: 'Alxa',
  呼伦贝尔: 'Hulunbuir',
  锡林郭勒: 'Xilingol',
  巴彦淖尔: 'Bayannur',
  乌兰察布: 'Ulanqab',
  兴安: 'Hinggan',
  二连浩特: 'Erenhot',
  乌鲁木齐: 'Urumqi',
  克拉玛依: 'Karamay',
  吐鲁番: 'Turpan',
  和田: 'Hotan',
  阿勒泰: 'Altay',
  伊犁: 'Ili',
  博尔塔拉: 'Bortala',
  巴音郭楞: 'Bayingolin',
  克孜勒苏: 'Kizilsu',
  喀什: 'Kashgar',
  拉萨: 'Lhasa',
  日喀则: 'Xigaze',
  林芝: 'Nyingchi',
  昌都: 'Qamdo',
  那曲: 'Nagqu',
  阿里: 'Ngari',
  果洛: 'Golog',
  阿坝: 'Ngawa',
  甘孜: 'Garze',
  哈尔滨: 'Harbin',
  齐齐哈尔: 'Qiqihar',
  大兴安岭: 'Da Hinggan Ling',
  阿尔山: 'Arxan',
  额尔古纳: 'Ergun',
  阿克苏: 'Aksu',
  库尔勒: 'Korla',
  阿图什: 'Artux',
  格尔木: 'Golmud',
  香格里拉: 'Shangri-La',
};

/** Readings of characters with more than one (闵行 háng, 丰都 dū, 乐清 yuè) where pinyin-pro reads the everyday one;
 * a one-character name with its generic (蔚县 Yuxian). As the place-name standard and the places themselves write them. */
const READINGS: Record<string, string> = {
  闵行: 'Minhang',
  丰都: 'Fengdu',
  六合: 'Luhe',
  洪洞: 'Hongtong',
  乐亭: 'Laoting',
  乐清: 'Yueqing',
  蔚县: 'Yuxian',
  单县: 'Shanxian',
};

/** Names no rule gives: the one forestry district (林区 elsewhere ends a name such as 碑林区); Hong Kong's districts
 * and Macao's parishes by their official names (Cantonese and Portuguese usage, not pinyin). */
const WHOLE_NAMES: Record<string, Names> = {
  神农架林区: { en: 'Shennongjia Forestry District', es: 'Distrito Forestal de Shennongjia' },
  中西区: { en: 'Central and Western District', es: 'Distrito Central y Occidental' },
  湾仔区: { en: 'Wan Chai District', es: 'Distrito de Wan Chai' },
  油尖旺区: { en: 'Yau Tsim Mong District', es: 'Distrito de Yau Tsim Mong' },
  深水埗区: { en: 'Sham Shui Po District', es: 'Distrito de Sham Shui Po' },
  九龙城区: { en: 'Kowloon City District', es: 'Distrito de Kowloon City' },
  黄大仙区: { en: 'Wong Tai Sin District', es: 'Distrito de Wong Tai Sin' },
  观塘区: { en: 'Kwun Tong District', es: 'Distrito de Kwun Tong' },
  荃湾区: { en: 'Tsuen Wan District', es: 'Distrito de Tsuen Wan' },
  屯门区: { en: 'Tuen Mun District', es: 'Distrito de Tuen Mun' },
  元朗区: { en: 'Yuen Long District', es: 'Distrito de Yuen Long' },
  大埔区: { en: 'Tai Po District', es: 'Distrito de Tai Po' },
  西贡区: { en: 'Sai Kung District', es: 'Distrito de Sai Kung' },
  沙田区: { en: 'Sha Tin District', es: 'Distrito de Sha Tin' },
  葵青区: { en: 'Kwai Tsing District', es: 'Distrito de Kwai Tsing' },
  离岛区: { en: 'Islands District', es: 'Distrito de las Islas' },
  花地玛堂区: { en: 'Our Lady of Fatima Parish', es: 'Parroquia de Nuestra Señora de Fátima' },
  花王堂区: { en: 'St. Anthony Parish', es: 'Parroquia de San Antonio' },
  望德堂区: { en: 'St. Lazarus Parish', es: 'Parroquia de San Lázaro' },
  大堂区: { en: 'Cathedral Parish', es: 'Parroquia de la Catedral' },
  风顺堂区: { en: 'St. Lawrence Parish', es: 'Parroquia de San Lorenzo' },
  嘉模堂区: { en: 'Our Lady of Carmel Parish', es: 'Parroquia de Nuestra Señora del Carmen' },
  路凼填海区: { en: 'Cotai', es: 'Cotai' },
  圣方济各堂区: { en: 'St. Francis Xavier Parish', es: 'Parroquia de San Francisco Javier' },
};

/** The peoples named in autonomous areas' names (大理白族自治州): left out of the English and Spanish name. */
const PEOPLES = [
  '蒙古',
  '回',
  '藏',
  '维吾尔',
  '苗',
  '彝',
  '壮',
  '布依',
  '朝鲜',
  '满',
  '侗',
  '瑶',
  '白',
  '土家',
  '哈尼',
  '哈萨克',
  '傣',
  '黎',
  '傈僳',
  '佤',
  '畲',
  '高山',
  '拉祜',
  '水',
  '东乡',
  '纳西',
  '景颇',
  '柯尔克孜',
  '土',
  '达斡尔',
  '仫佬',
  '羌',
  '布朗',
  '撒拉',
  '毛南',
  '仡佬',
  '锡伯',
  '阿昌',
  '普米',
  '塔吉克',
  '怒',
  '乌孜别克',
  '俄罗斯',
  '鄂温克',
  '德昂',
  '保安',
  '裕固',
  '京',
  '塔塔尔',
  '独龙',
  '鄂伦春',
  '赫哲',
  '门巴',
  '珞巴',
  '基诺',
  '各',
].sort((a, b) => b.length - a.length);

interface Suffix {
  zh: string;
  en: string;
  es: string;
}

/** Administrative suffixes, longest first; `{n}` is the name. */
const SUFFIXES: Suffix[] = [
  {
    zh: '高新技术产业开发区',
    en: '{n} Hi-Tech Industrial Development Zone',
    es: 'Zona de Desarrollo Industrial de Alta Tecnología de {n}',
  },
  {
    zh: '经济技术开发区',
    en: '{n} Economic and Technological Development Zone',
    es: 'Zona de Desarrollo Económico y Tecnológico de {n}',
  },
  { zh: '经济开发区', en: '{n} Economic Development Zone', es: 'Zona de Desarrollo Económico de {n}' },
  { zh: '开发区', en: '{n} Development Zone', es: 'Zona de Desarrollo de {n}' },
  { zh: '行政委员会', en: '{n} Administrative Committee', es: 'Comité Administrativo de {n}' },
  { zh: '管委会', en: '{n} Administrative Committee', es: 'Comité Administrativo de {n}' },
  { zh: '管理区', en: '{n} Administrative Zone', es: 'Zona Administrativa de {n}' },
  { zh: '新城', en: '{n} New Town', es: 'Nueva Ciudad de {n}' },
  { zh: '自治州', en: '{n} Autonomous Prefecture', es: 'Prefectura Autónoma de {n}' },
  { zh: '自治县', en: '{n} Autonomous County', es: 'Condado Autónomo de {n}' },
  { zh: '自治旗', en: '{n} Autonomous Banner', es: 'Bandera Autónoma de {n}' },
  { zh: '群岛', en: '{n} Islands', es: 'Islas {n}' },
  { zh: '新区', en: '{n} New Area', es: 'Nueva Área de {n}' },
  { zh: '地区', en: '{n} Prefecture', es: 'Prefectura de {n}' },
  { zh: '特区', en: '{n} Special District', es: 'Distrito Especial de {n}' },
  { zh: '矿区', en: '{n} Mining District', es: 'Distrito Minero de {n}' },
  { zh: '区', en: '{n} District', es: 'Distrito de {n}' },
  { zh: '县', en: '{n} County', es: 'Condado de {n}' },
  { zh: '旗', en: '{n} Banner', es: 'Bandera de {n}' },
  { zh: '盟', en: '{n} League', es: 'Liga de {n}' },
  { zh: '市', en: '{n} City', es: 'Ciudad de {n}' },
];

const HAN = /\p{Script=Han}/u;

/** Whether a text holds a Chinese character. */
export const hasHan = (s: string): boolean => HAN.test(s);

/** Hanyu Pinyin of a name without tones, capitalised, syllables together, apostrophes where a, o, e would run on: "Xi'an". */
export function pinyinOf(han: string): string {
  const syllables = pinyin(han, { toneType: 'none', type: 'array', v: false, nonZh: 'consecutive' });
  let out = '';
  for (const s of syllables) {
    const word = s.trim();
    // A character pinyin-pro does not know (a rare one outside place names) is left out rather than left in Chinese.
    if (!word || hasHan(word)) continue;
    if (out && /^[aoe]/.test(word) && /[a-zü]$/.test(out)) out += "'";
    out += word;
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** The province's entry for a name such as 陕西省, 内蒙古自治区, 北京市, 香港特别行政区 or 陕西. */
function provinceOf(zh: string): Names | undefined {
  const short = zh.replace(/(省|市|特别行政区|(壮族|回族|维吾尔)?自治区)$/, '');
  return PROVINCES[short];
}

/** The name without its peoples: 大理白族 → 大理, 湘西土家族苗族 → 湘西, 巴音郭楞蒙古 → 巴音郭楞. */
function withoutPeoples(base: string): string {
  let rest = base;
  for (;;) {
    const people = PEOPLES.find((p) => (rest.endsWith(`${p}族`) || rest.endsWith(p)) && rest.length > p.length + 1);
    if (!people) return rest;
    rest = rest.endsWith(`${people}族`) ? rest.slice(0, -(people.length + 1)) : rest.slice(0, -people.length);
  }
}

/** The romanised proper name: the list's own romanisation or reading, else pinyin. */
const properName = (han: string) => OWN_ROMANISATION[han] ?? READINGS[han] ?? pinyinOf(han);

/**
 * A Chinese place name in `lang`: as given in zh (and whenever it holds no Chinese character); else the province's
 * established name, or the proper name in pinyin with the suffix as a word of the language. `level` tells a city 市
 * that heads a prefecture (named bare) from a county-level one ("Shenmu City").
 */
export function placeName(zh: string, lang: Lang, level: PlaceLevel = 'prefecture'): string {
  if (lang === 'zh' || !hasHan(zh)) return zh;
  const name = zh.trim();
  // "河南省-省直辖县级行政区划": the county-level divisions a province administers directly.
  const direct = /^(.+?)-.*直辖县级行政区划$/.exec(name);
  if (direct)
    return lang === 'en'
      ? `${placeName(direct[1]!, lang, 'province')} (county level)`
      : `${placeName(direct[1]!, lang, 'province')} (nivel de condado)`;
  const province = provinceOf(name);
  if (province && (level === 'province' || /(省|自治区|特别行政区)$/.test(name) || name in PROVINCES)) return province[lang];
  const island = /^(.+?群岛)/.exec(name);
  const whole = island ? island[1]! : name;
  const exact = WHOLE_NAMES[whole];
  if (exact) return exact[lang];
  // A suffix of two characters or more needs a name of two before it: 清新区 is Qingxin District, not a new area.
  const suffix = SUFFIXES.find((s) => whole.endsWith(s.zh) && [...whole].length - [...s.zh].length >= (s.zh.length > 1 ? 2 : 1));
  if (!suffix) return properName(whole);
  let base = whole.slice(0, -suffix.zh.length);
  if (suffix.zh.startsWith('自治')) base = withoutPeoples(base);
  // A development zone's name may start with its province and its city's 市: 河北唐山芦台 → 唐山芦台.
  if (suffix.zh.endsWith('开发区')) {
    const province = Object.keys(PROVINCES).find((p) => base.startsWith(p) && base.length > p.length + 1);
    if (province) base = base.slice(province.length);
    base = base.replace(/市/, '');
  }
  if (suffix.zh === '市' && level !== 'county') return provinceOf(base)?.[lang] ?? properName(base);
  // A one-character name keeps its generic in the proper name, as the place-name rules write it: 沛县 Peixian County.
  const proper = [...base].length === 1 ? properName(whole.slice(0, base.length + 1)) : properName(base);
  return suffix[lang].replace('{n}', proper);
}

/** Names from the largest area down (陕西省 榆林市 榆阳区) written as the language writes them: in zh as given, joined by
 * spaces; in en and es from the smallest up, joined by commas ("Yuyang District, Yulin, Shaanxi"). */
export function joinPlaceNames(names: readonly string[], lang: Lang): string {
  return lang === 'zh' ? names.join(' ') : [...names].reverse().join(', ');
}
