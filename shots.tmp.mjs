import { chromium } from '@playwright/test';
const B = 'http://127.0.0.1:3200';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const [w, h, tag] of [[1280, 800, 'd'], [375, 812, 'p']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const shot = async (name) => { await page.waitForTimeout(400); await page.screenshot({ path: `/tmp/t/${name}-${tag}.png`, fullPage: true }); };
  await page.goto(B + '/register'); await shot('register');
  await page.getByLabel('Name').fill('Sora'); await page.getByLabel('Email').fill(`sora${tag}${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Sakura2026'); await page.getByLabel('Confirm password', { exact: true }).fill('Sakura2026');
  await page.getByRole('button', { name: 'Create Account' }).click(); await page.waitForURL('**/registration-success'); await shot('regsuccess');
  await page.goto(B + '/home'); await shot('home');
  await page.getByRole('button', { name: /Sora/ }).click(); await shot('menu');
  await page.goto(B + '/dev/mailbox'); await shot('mailbox');
  await page.goto(B + '/verify-email?token=zzz'); await shot('verify-error');
  await page.goto(B + '/contact'); await shot('contact');
  await page.goto(B + '/faq'); await shot('faq');
  await page.goto(B + '/privacy#cookies'); await shot('privacy');
  await page.goto(B + '/about'); await shot('about');
  await page.goto(B + '/nope'); await shot('404');
  await page.close();
}
await browser.close();
