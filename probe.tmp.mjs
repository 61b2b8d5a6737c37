import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('crash', () => console.log('CRASH'));
page.on('framenavigated', (f) => console.log('nav', f.url()));
await page.goto(process.argv[2]).catch(e => console.log('goto', e.message));
for (let i = 0; i < 10; i++) { await page.waitForTimeout(200).catch(()=>{}); console.log('url', page.url()); }
await browser.close();
