import { createFileRoute, Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { auth } from '../state/auth';
import { Brand } from '../ui/Brand';
import { FOOTER_TAGLINE } from '../ui/Footer';
import type { StorytellerInfo } from '../shared/story-views';
import { publicHead } from '../ui/page-head';
import { PricingCards } from '../ui/PricingCards';
import { useStoryteller } from '../ui/useStoryteller';

export const Route = createFileRoute('/')({ head: () => publicHead('/'), component: Landing });

/** The landing page's feature cards; two of them say who tells the stories on this server. */
function features(storyteller: StorytellerInfo | null) {
  const library = storyteller?.storyteller === 'library';
  return [
    {
      icon: 'ふ',
      title: 'Furigana when you want it',
      text: 'Readings sit above every kanji. Toggle them off when you are ready, and back on when a word stops you.',
    },
    {
      icon: '文',
      title: 'Grammar mode',
      text: 'Patterns like ～てしまう or "used to" light up. Tap one for a clear explanation, then copy it to Anki.',
    },
    {
      icon: '語',
      title: 'Vocabulary mode',
      text: 'Tap any word for its reading and meaning. Words are coloured by what you know, and the ones you know lose their furigana.',
    },
    {
      icon: '分',
      title: 'Stories that branch',
      text: library
        ? 'Your choices steer the plot to one of several endings. Romance, mystery, adventure, school life and more.'
        : 'Your choices steer the plot. Romance, mystery, adventure or slice of life: every scene is new.',
    },
    {
      icon: '級',
      title: 'Graded to your level',
      text: 'JLPT N5 to N1 for Japanese, CEFR A1 to C2 for English. Every scene is checked against your level.',
    },
    library
      ? {
          icon: '本',
          title: 'A library of graded stories',
          text: `This server tells stories from its built-in library: ${storyteller!.library_stories} hand-written branching stories, a new one each time.`,
        }
      : {
          icon: '流',
          title: 'Streamed as it is written',
          text: 'Scenes arrive line by line, so you start reading while the storyteller is still writing.',
        },
  ];
}

const STEPS = [
  { title: 'Pick a language and level', text: 'Japanese with furigana or natural English, from first steps to fluency.' },
  { title: 'Choose a story', text: 'Choose a theme: romance, mystery, adventure, school life and more.' },
  { title: 'Read, tap and choose', text: 'Tap words and patterns you do not know, and decide where the story goes.' },
];

function Landing() {
  const { isAuthenticated } = useSnapshot(auth);
  const storyteller = useStoryteller();
  return (
    <div className="landing">
      <header className="landing-nav">
        <Brand to="/" />
        <nav aria-label="Main">
          <a href="#features">Features</a>
          <a href="#pricing">Pricing</a>
          <Link to="/faq">FAQ</Link>
          {isAuthenticated ? (
            <Link to="/home" className="btn btn-primary btn-small">
              My Stories
            </Link>
          ) : (
            <>
              <Link to="/login" className="nav-login">
                Login
              </Link>
              <Link to="/register" className="btn btn-primary btn-small">
                Get Started
              </Link>
            </>
          )}
        </nav>
      </header>

      <section className="hero">
        <div className="hero-copy">
          <p className="eyebrow">Japanese · English · Visual novels</p>
          <h1>Read your way to fluency, one scene at a time.</h1>
          <p className="lead">
            Kotoba Tales writes a branching visual novel at your exact level. Furigana, grammar notes and word
            explanations are one tap away, so you keep reading instead of reaching for a dictionary.
          </p>
          <div className="actions">
            <Link to={isAuthenticated ? '/home' : '/register'} className="btn btn-primary btn-large">
              {isAuthenticated ? 'Continue reading' : 'Get Started — it’s free'}
            </Link>
            <a href="#pricing" className="btn btn-on-dark btn-large">
              See pricing
            </a>
          </div>
        </div>
        <div className="hero-scene" aria-label="A scene from a story, with furigana over the kanji">
          <div className="scene-sky" />
          <div className="scene-sakura" aria-hidden="true" />
          <div className="dialogue-box">
            <p className="speaker">Haruka</p>
            <p lang="ja">
              <ruby>
                駅<rt>えき</rt>
              </ruby>
              で
              <ruby>
                待<rt>ま</rt>
              </ruby>
              っていてね。すぐ
              <ruby>
                行<rt>い</rt>
              </ruby>
              くから！
            </p>
            <div className="choices">
              <span>「うん、待ってる」</span>
              <span>「一緒に行こうよ」</span>
            </div>
          </div>
        </div>
      </section>

      <section id="features" className="section">
        <div className="container">
          <h2 className="section-title">Features</h2>
          <p className="section-lead">Everything a reader needs, right where the words are.</p>
          <div className="feature-grid">
            {features(storyteller).map((feature) => (
              <article key={feature.title} className="feature">
                <span className="feature-icon" aria-hidden="true">
                  {feature.icon}
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-tinted">
        <div className="container">
          <h2 className="section-title">How it works</h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <span className="step-number">{index + 1}</span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="pricing" className="section">
        <div className="container">
          <h2 className="section-title">Pricing</h2>
          <p className="section-lead">Start free. Upgrade when you want more stories.</p>
          <PricingCards />
        </div>
      </section>

      <footer className="landing-footer">
        <p>{FOOTER_TAGLINE}</p>
        <nav aria-label="Site">
          <Link to="/pricing">Pricing</Link>
          <Link to="/about">About</Link>
          <Link to="/faq">FAQ</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
        </nav>
      </footer>
    </div>
  );
}
