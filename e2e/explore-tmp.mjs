import { chromium } from '@playwright/test';
const base = 'http://localhost:47124';
const api = async (path, token, body) => {
  const r = await fetch(`${base}/api/${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return (await r.json()).data;
};
const store = await api('auth/login', undefined, { phone: '0922222222', password: 'store1234' });
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function shot(token, vp, path, name, act) {
  const ctx = await b.newContext({ viewport: vp, storageState: token ? { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'token', value: token }] }] } : undefined });
  const p = await ctx.newPage();
  const errors = [];
  p.on('console', (m) => m.type() === 'error' && errors.push(m.text().slice(0, 200)));
  p.on('pageerror', (e) => errors.push('PAGEERROR ' + e.message.slice(0, 200)));
  await p.goto(base + path);
  await p.waitForLoadState('networkidle').catch(() => {});
  await p.waitForTimeout(800);
  if (act) await act(p);
  await p.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  if (errors.length) console.log(name, errors);
  await ctx.close();
}
const D = { width: 1366, height: 800 };
const PH = { width: 360, height: 740 };
await shot(store.token, D, '/dashboard/subscription', 's-sub');
await shot(store.token, D, '/dashboard/quick-replies', 's-qr');
await shot(store.token, D, '/product/add', 's-prod-add-empty', async (p) => { await p.getByRole('button', { name: /حفظ|إضافة/ }).last().click().catch(e=>console.log('noclick')); await p.waitForTimeout(800); });
await shot(store.token, PH, '/product/list', 's-prod-list-360');
await shot(store.token, PH, '/dashboard', 's-home-360');
await b.close();
