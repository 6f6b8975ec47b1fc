import { chromium } from 'playwright';
const B = 'http://localhost:47124';
const login = async (phone, password) => {
  const r = await fetch(`${B}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password }) });
  return (await r.json()).data.token;
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const token = await login('0900000000', 'admin1234');
for (const [w, path, name] of process.argv.slice(2).map((a) => a.split(','))) {
  const ctx = await browser.newContext({ viewport: { width: Number(w), height: 800 }, storageState: { cookies: [], origins: [{ origin: B, localStorage: [{ name: 'token', value: token }] }] } });
  const page = await ctx.newPage();
  await page.goto(B + path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/${name}.png` });
  await ctx.close();
}
await browser.close();
