import type { ReactNode } from 'react';
import { Brand } from './Brand';

/** The auth forms stand alone (no shell): a form card beside a scene from a story. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-layout">
      <section className="auth-panel">
        <Brand to="/" />
        <div className="auth-card">
          <h1>{title}</h1>
          {subtitle && <p className="muted">{subtitle}</p>}
          {children}
        </div>
      </section>
      <aside className="auth-art" aria-hidden="true">
        <div className="auth-art-scene">
          <div className="moon" />
          <div className="skyline" />
          <div className="dialogue-box">
            <p className="speaker">Aoi</p>
            <p lang="ja">
              <ruby>
                今日<rt>きょう</rt>
              </ruby>
              から、
              <ruby>
                新<rt>あたら</rt>
              </ruby>
              しい
              <ruby>
                物語<rt>ものがたり</rt>
              </ruby>
              が
              <ruby>
                始<rt>はじ</rt>
              </ruby>
              まるよ。
            </p>
            <p className="translation">A new story begins today.</p>
          </div>
        </div>
      </aside>
    </div>
  );
}
