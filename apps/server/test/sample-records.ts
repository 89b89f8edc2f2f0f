/** Records the API tests post as a user of the console would fill them in. */

/** A scenic spot: Mount Hua (华山), published. */
export const HUASHAN_SPOT = {
  name: '华山',
  grade: 'AAAAA',
  regionCode: '610582',
  address: '华阴市',
  lon: 110.087,
  lat: 34.478,
  openingHours: '07:00–19:00',
  ticketPrice: 160,
  phone: '0913-4362233',
  photos: ['/api/files/uploads/2026/11/abc.png'],
  description: '<b>西岳</b>',
  published: true,
};

/** The test WeChat official account (the simulator's app id, secret and callback token). */
export const WEIXIN_ACCOUNT = {
  name: '陕西农业气象',
  nickname: '陕西农业气象服务',
  wxId: 'gh_0123456789ab',
  appId: 'wx0123456789abcdef',
  secret: 'secret-0123456789abcdef0123',
  token: 'callbackToken42',
};
