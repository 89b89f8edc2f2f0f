import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasHan, joinPlaceNames, pinyinOf, placeName, type PlaceLevel } from './place-names.js';

/** Each case: the Chinese name, the language, the name expected, and the level when not the default. */
function names(cases: Array<[zh: string, lang: 'en' | 'es', name: string, level?: PlaceLevel]>): void {
  for (const [zh, lang, name, level] of cases) expect([zh, lang, placeName(zh, lang, level)]).toEqual([zh, lang, name]);
}

describe('place names in English and Spanish', () => {
  it('names provinces by their established names', () => {
    names([
      ['陕西省', 'en', 'Shaanxi', 'province'],
      ['山西省', 'en', 'Shanxi', 'province'],
      ['内蒙古自治区', 'en', 'Inner Mongolia', 'province'],
      ['内蒙古自治区', 'es', 'Mongolia Interior', 'province'],
      ['广西壮族自治区', 'en', 'Guangxi', 'province'],
      ['北京市', 'en', 'Beijing', 'province'],
      ['香港特别行政区', 'es', 'Hong Kong', 'province'],
      ['陕西', 'en', 'Shaanxi'],
    ]);
  });

  it('writes pinyin with apostrophes and the suffix as a word of the language', () => {
    names([
      ['西安市', 'en', "Xi'an"],
      ['榆林市', 'es', 'Yulin'],
      ['榆阳区', 'en', 'Yuyang District', 'county'],
      ['榆阳区', 'es', 'Distrito de Yuyang', 'county'],
      ['长安区', 'en', "Chang'an District", 'county'],
      ['府谷县', 'es', 'Condado de Fugu', 'county'],
      ['神木市', 'en', 'Shenmu City', 'county'],
      ['神木市', 'es', 'Ciudad de Shenmu', 'county'],
      ['吕梁市', 'en', 'Lüliang'],
      ['六安市', 'en', "Lu'an"],
    ]);
  });

  it('keeps the generic of a one-character name and leaves the peoples out of autonomous areas', () => {
    names([
      ['佳县', 'en', 'Jiaxian County', 'county'],
      ['大理白族自治州', 'en', 'Dali Autonomous Prefecture'],
      ['湘西土家族苗族自治州', 'es', 'Prefectura Autónoma de Xiangxi'],
      ['巴音郭楞蒙古自治州', 'en', 'Bayingolin Autonomous Prefecture'],
      ['清新区', 'en', 'Qingxin District', 'county'],
      ['碑林区', 'en', 'Beilin District', 'county'],
      ['浦东新区', 'en', 'Pudong New Area', 'county'],
    ]);
  });

  it('uses the own romanisation of places named in another language', () => {
    names([
      ['呼和浩特市', 'en', 'Hohhot'],
      ['乌鲁木齐', 'es', 'Urumqi'],
      ['鄂尔多斯市', 'en', 'Ordos'],
    ]);
  });

  it('reads tricky names as official usage writes them (hand-checked list)', () => {
    // [Chinese name, level, English, Spanish]: characters with two readings, minority-language names, the provinces
    // whose established names are not the pinyin of their characters, Hong Kong's and Macao's own names.
    const cases: [string, 'province' | 'prefecture' | 'county', string, string][] = [
      ['重庆市', 'province', 'Chongqing', 'Chongqing'],
      ['长沙市', 'prefecture', 'Changsha', 'Changsha'],
      ['厦门市', 'prefecture', 'Xiamen', 'Xiamen'],
      ['蚌埠市', 'prefecture', 'Bengbu', 'Bengbu'],
      ['六安市', 'prefecture', "Lu'an", "Lu'an"],
      ['乐山市', 'prefecture', 'Leshan', 'Leshan'],
      ['大理白族自治州', 'prefecture', 'Dali Autonomous Prefecture', 'Prefectura Autónoma de Dali'],
      ['阿拉善盟', 'prefecture', 'Alxa League', 'Liga de Alxa'],
      ['兴安盟', 'prefecture', 'Hinggan League', 'Liga de Hinggan'],
      ['齐齐哈尔市', 'prefecture', 'Qiqihar', 'Qiqihar'],
      ['大兴安岭地区', 'prefecture', 'Da Hinggan Ling Prefecture', 'Prefectura de Da Hinggan Ling'],
      ['阿克苏地区', 'prefecture', 'Aksu Prefecture', 'Prefectura de Aksu'],
      ['闵行区', 'county', 'Minhang District', 'Distrito de Minhang'],
      ['丰都县', 'county', 'Fengdu County', 'Condado de Fengdu'],
      ['六合区', 'county', 'Luhe District', 'Distrito de Luhe'],
      ['洪洞县', 'county', 'Hongtong County', 'Condado de Hongtong'],
      ['乐清市', 'county', 'Yueqing City', 'Ciudad de Yueqing'],
      ['蔚县', 'county', 'Yuxian County', 'Condado de Yuxian'],
      ['单县', 'county', 'Shanxian County', 'Condado de Shanxian'],
      ['库尔勒市', 'county', 'Korla City', 'Ciudad de Korla'],
      ['香格里拉市', 'county', 'Shangri-La City', 'Ciudad de Shangri-La'],
      ['内蒙古自治区', 'province', 'Inner Mongolia', 'Mongolia Interior'],
      ['新疆维吾尔自治区', 'province', 'Xinjiang', 'Xinjiang'],
      ['西藏自治区', 'province', 'Xizang', 'Xizang'],
      ['广西壮族自治区', 'province', 'Guangxi', 'Guangxi'],
      ['宁夏回族自治区', 'province', 'Ningxia', 'Ningxia'],
      ['香港特别行政区', 'province', 'Hong Kong', 'Hong Kong'],
      ['澳门特别行政区', 'province', 'Macao', 'Macao'],
      ['湾仔区', 'county', 'Wan Chai District', 'Distrito de Wan Chai'],
      ['大堂区', 'county', 'Cathedral Parish', 'Parroquia de la Catedral'],
    ];
    for (const [zh, level, en, es] of cases) {
      expect([zh, placeName(zh, 'en', level)]).toEqual([zh, en]);
      expect([zh, placeName(zh, 'es', level)]).toEqual([zh, es]);
    }
  });

  it('keeps Chinese in zh and names without Chinese characters as they are', () => {
    expect(placeName('榆阳区', 'zh')).toBe('榆阳区');
    expect(placeName('Area 51', 'en')).toBe('Area 51');
    expect(joinPlaceNames(['陕西省', '榆林市', '榆阳区'], 'zh')).toBe('陕西省 榆林市 榆阳区');
    expect(joinPlaceNames(['Shaanxi', 'Yulin', 'Yuyang District'], 'en')).toBe('Yuyang District, Yulin, Shaanxi');
  });

  it('never leaves a Chinese character in an English or Spanish name', () => {
    const han = fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c));
    const suffix = fc.constantFrom('', '市', '区', '县', '旗', '盟', '自治州', '自治县', '地区', '新区', '经济技术开发区');
    fc.assert(
      fc.property(
        fc.array(han, { minLength: 1, maxLength: 5 }),
        suffix,
        fc.constantFrom('en', 'es') as fc.Arbitrary<'en' | 'es'>,
        (chars, s, lang) => {
          expect(hasHan(placeName(chars.join('') + s, lang, 'county'))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
    expect(pinyinOf('西安')).toBe("Xi'an");
  });
});
