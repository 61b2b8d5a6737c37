import type { FaqCategory } from './types';

/**
 * Frequently asked questions. Every server-owned figure (quota, price) comes from `f`;
 * never write those numbers into the text.
 */
export const faqCategories: FaqCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    summary: 'What Kotoba Tales is, how a story begins and how to find your way around the reader.',
    icon: '始',
    items: [
      {
        id: 'what-is-kotoba-tales',
        question: 'What is Kotoba Tales?',
        answer: () => [
          {
            kind: 'p',
            text: 'Kotoba Tales is a reading app for learners of Japanese and English. You read branching visual novels written for your level: a background picture sets the scene, characters show how they feel, dialogue types itself out line by line, and your choices decide where the story goes next.',
          },
          {
            kind: 'p',
            text: 'Because every story is new and every choice matters, you read for meaning rather than for the exercise, which is exactly the kind of practice that builds reading fluency.',
          },
        ],
      },
      {
        id: 'how-do-i-start-a-story',
        question: 'How do I start a story?',
        answer: (f) => [
          { kind: 'p', text: 'Pick three things and the storyteller does the rest:' },
          {
            kind: 'list',
            items: [
              'The language you are learning: Japanese or English.',
              'Your level: a JLPT level for Japanese, a CEFR level for English.',
              'A theme, such as Romance, Mystery, Adventure or Slice of Life.',
            ],
          },
          {
            kind: 'p',
            text:
              f.storyteller === 'library'
                ? 'On this server stories come from the built-in library: you get one at your level and theme that you have not read yet, and you can add a wish (a place, an animal, a mood) to choose among them. On a free account you will need to verify your e-mail address before you can start stories.'
                : 'The first scene is streamed to you as it is written, so you can start reading right away. On a free account you will need to verify your e-mail address before you can generate stories.',
          },
        ],
      },
      {
        id: 'how-are-stories-written',
        question: 'How are the stories written?',
        answer: (f) => [
          f.storyteller === 'library'
            ? {
                kind: 'p',
                text: `No AI storyteller is set up on this server, so stories come from its built-in library: ${f.libraryStories} branching stories written by hand for each level band and theme. You get one you have not started yet; when you have read every story of a theme at your level, the creation screen says so before you start another. On a server with an AI storyteller, every scene is newly written as you read.`,
              }
            : {
                kind: 'p',
                text: 'Stories are written by an AI storyteller, scene by scene, as you read. Each scene is streamed to you while it is being written, so you can start reading before it is finished instead of waiting for the whole thing.',
              },
          {
            kind: 'p',
            text: 'A story is a sequence of scenes, each ending in choices that branch the plot, until you reach one of its endings. Every scene is checked against the level you picked.',
          },
        ],
      },
      {
        id: 'complete-beginner',
        question: 'I am a complete beginner. Can I use Kotoba Tales?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. Start at the lowest level: N5 for Japanese or A1 for English. Those stories use short lines, everyday words and simple grammar, and the reading aids are there whenever a line stops you.',
          },
          {
            kind: 'p',
            text: 'For Japanese, learn hiragana and katakana first. With furigana on, every kanji has its reading above it in hiragana, so once you can read kana you can read every line.',
          },
        ],
      },
      {
        id: 'continue-a-story',
        question: 'Can I stop in the middle of a story and come back later?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. Your stories stay in your account. My Stories on your home page lists them, the one you read most recently first, and Continue takes you back to the scene you had reached, on any device you sign in on.',
          },
        ],
      },
      {
        id: 'reading-on-a-phone',
        question: 'Can I read on my phone or tablet?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. Kotoba Tales runs in the browser, so there is nothing to install. The scene fits portrait and landscape screens: tap to advance the dialogue, and in grammar or vocabulary mode tap a pattern or a word to see its explanation.',
          },
        ],
      },
      {
        id: 'saving-and-loading',
        question: 'How do saving and loading work?',
        answer: () => [
          {
            kind: 'p',
            text: 'You have 10 save slots for the moments you want to come back to, plus an auto save that keeps track of where you are. Press Ctrl+S to save and Ctrl+L to load.',
          },
          {
            kind: 'p',
            text: 'Save slots are also a good way to explore: save before a choice, see where one path leads, then load and try the other.',
          },
        ],
      },
      {
        id: 'keyboard-and-touch-controls',
        question: 'Which keyboard shortcuts and touch controls are there?',
        answer: () => [
          {
            kind: 'list',
            items: [
              'Space or Enter: advance the dialogue.',
              'H: open the backlog of everything you have read.',
              'Ctrl+S: save. Ctrl+L: load.',
              'Escape: close any open panel.',
              'On a touch screen, tap to advance and tap a word to look it up.',
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'reading-aids',
    title: 'Reading aids',
    summary: 'Furigana, grammar and vocabulary help, Anki cards, the backlog and text speed.',
    icon: '助',
    items: [
      {
        id: 'furigana',
        question: 'Can I show furigana over kanji?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. Furigana is a toggle, so you can switch the readings on while a kanji is still new to you and switch them off when you want to test yourself. It stays on while you use grammar or vocabulary mode. In Settings you choose which words get readings: every word, words above the story’s level, or only the words you don’t know yet, so a word you have marked known loses its reading everywhere. A good habit is to read a scene with furigana off first and turn it on only when you get stuck.',
          },
        ],
      },
      {
        id: 'read-aloud',
        question: 'Can I hear a line read aloud?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. Press Listen in the reader (or R) to hear the line on screen, or the play button beside any line in the backlog. In Settings you can have every new line read as it appears, and choose the voice and its speed. The voices are your browser’s own: if it has none for the story’s language, the reader says so.',
          },
        ],
      },
      {
        id: 'grammar-mode',
        question: 'How does grammar mode work?',
        answer: () => [
          {
            kind: 'p',
            text: 'In grammar mode, grammar patterns in the text are highlighted. Click one and a popup explains it, so you learn each pattern in the sentence where you met it rather than from a list.',
          },
        ],
      },
      {
        id: 'anki-cards',
        question: 'Can I send words and grammar points to Anki?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. With Anki open and the AnkiConnect add-on installed, choose a deck, a note type and which field gets what in the reader’s Settings › Anki; then Add to Anki in a word or grammar popup sends the word, its reading, meaning, sentence and story in one tap, and shows In Anki for a word already in the deck. AnkiConnect must list this site in its webCorsOriginList. Copy for Anki puts the card on your clipboard instead, split into a front and a back, and Review › Export gives every saved card as a file for Anki’s File › Import.',
          },
        ],
      },
      {
        id: 'review',
        question: 'How do I review the words I save?',
        answer: () => [
          {
            kind: 'p',
            text: 'Press Save for review in a word or grammar popup. Review (in the top bar, with the number due today) shows the sentence you met it in; show the answer with Space, then grade it Again, Hard, Good or Easy (keys 1–4, or the large buttons on a phone). The spacing is FSRS, the scheduler Anki uses; Z undoes the last grade, and Settings on that page sets how many new cards and reviews a day. A word you recall easily for three weeks or more becomes known. Your progress page charts what you read and learned each day.',
          },
        ],
      },
      {
        id: 'vocabulary-mode',
        question: 'How does vocabulary mode work?',
        answer: () => [
          {
            kind: 'p',
            text: 'Switch on vocabulary mode and click any word (or tap it on a touch screen) to open a popup that explains it. You stay in the scene, so looking something up never breaks the flow of the story.',
          },
          {
            kind: 'p',
            text: 'Each word is drawn by what you know of it: new words with a solid line, words you are learning with a dashed one (fainter from stage 1 to 4), known words plain. Mark a word Known, Learning 1–4 or Ignore in its popup (or press K, 1–4 or I). When you finish a scene, the words you read without looking up are marked known, with Undo; Settings can turn that off.',
          },
        ],
      },
      {
        id: 'words-you-know',
        question: 'Can I bring the words I already know?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. After your first sign-in we ask for your level, and Account › Words you know takes a level (“everything up to N4”), a word list (one word per line, CSV or TSV, or notes exported from Anki as text) or a deck from your own Anki through the AnkiConnect add-on. You see what will change before anything does, and every import can be undone.',
          },
        ],
      },
      {
        id: 'backlog',
        question: 'I clicked past a line too quickly. Can I read it again?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. Press H to open the backlog, which keeps everything you have read in the story so far. Press Escape to close it and carry on.',
          },
        ],
      },
      {
        id: 'text-speed',
        question: 'Can I change how fast the text appears?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. The dialogue box types text out at anywhere from 10 to 100 characters per second; the default is 30. Slow it down while a level still feels demanding, and speed it up as your reading gets faster.',
          },
        ],
      },
      {
        id: 'pop-up-dictionary',
        question: 'Should I use a pop-up dictionary as well?',
        answer: () => [
          {
            kind: 'p',
            text: 'For Japanese, we recommend it. A pop-up dictionary browser extension such as Yomitan or 10ten complements the built-in reading aids well: the dialogue is real text laid over the picture, so the extension finds the word under your pointer. Use it for quick dictionary look-ups, and grammar and vocabulary mode for explanations in context (in those modes the highlighted words answer your clicks first).',
          },
          {
            kind: 'p',
            text: 'You can also select the line with the mouse and copy it, or let your browser translate the page. A copied line is exactly the story’s text, without furigana. Dragging across the text selects it; a plain click moves the story on as usual.',
          },
        ],
      },
    ],
  },
  {
    id: 'levels-and-languages',
    title: 'Levels and languages',
    summary: 'The languages you can learn, the levels on offer and how stories stay at your level.',
    icon: '級',
    items: [
      {
        id: 'which-languages',
        question: 'Which languages can I learn?',
        answer: () => [
          {
            kind: 'p',
            text: 'Japanese and English. Japanese stories are graded by JLPT level, and English stories by CEFR level.',
          },
        ],
      },
      {
        id: 'jlpt-levels',
        question: 'Which JLPT levels are available?',
        answer: () => [
          {
            kind: 'p',
            text: 'All five: N5, N4, N3, N2 and N1. N5 is the gentlest starting point and N1 is the most advanced, so you can keep reading with Kotoba Tales from your first simple sentences all the way to the most demanding texts.',
          },
        ],
      },
      {
        id: 'cefr-levels',
        question: 'Which CEFR levels are available for English?',
        answer: () => [
          {
            kind: 'p',
            text: 'All six: A1, A2, B1, B2, C1 and C2, from complete beginner to mastery.',
          },
        ],
      },
      {
        id: 'which-level-should-i-choose',
        question: 'Which level should I choose?',
        answer: () => [
          {
            kind: 'p',
            text: 'Start at the level you are studying for or have recently passed. Reading works best when you understand most of a line without help and the reading aids fill the gaps. If you find yourself looking up something in nearly every line, try a level lower; if the story feels effortless, move a level up. You choose the level each time you start a story, so it is easy to adjust.',
          },
        ],
      },
      {
        id: 'how-stories-match-my-level',
        question: 'How do stories stay at my level?',
        answer: (f) => [
          f.storyteller === 'library'
            ? {
                kind: 'p',
                text: 'Every library story is written for a band of levels and checked before it is added: in every scene at least 95% of the words are at or below the band’s top level, and every word above it has a meaning in vocabulary mode. That keeps the vocabulary and grammar within reach, with just enough new material to stretch you.',
              }
            : {
                kind: 'p',
                text: 'Every scene is checked against the level you picked while it is written: when too many of its words are above your level, the rest of the scene is written again in simpler words. That keeps the vocabulary and grammar within reach, with just enough new material to stretch you.',
              },
        ],
      },
    ],
  },
  {
    id: 'plans-and-billing',
    title: 'Plans and billing',
    summary: 'The free monthly allowance, what Pro includes, cancelling and refunds.',
    icon: '料',
    items: [
      {
        id: 'how-does-the-free-plan-work',
        question: 'How does the free plan work?',
        answer: (f) => [
          {
            kind: 'p',
            text: `A free account includes ${f.freeStoriesPerMonth} stories each calendar month. Each new story you start counts towards that allowance.`,
          },
          {
            kind: 'p',
            text: 'You will need to verify your e-mail address before you can generate stories on a free account.',
          },
        ],
      },
      {
        id: 'when-does-my-free-quota-reset',
        question: 'When does my free allowance reset?',
        answer: (f) => [
          {
            kind: 'p',
            text: `Your allowance is counted per calendar month in UTC and resets on the 1st of each month, at midnight UTC. From then on you can start another ${f.freeStoriesPerMonth} stories. If you need more before then, Pro removes the limit.`,
          },
        ],
      },
      {
        id: 'what-does-pro-cost',
        question: 'What does Pro cost and what do I get?',
        answer: (f) => [
          {
            kind: 'p',
            text: `Pro costs ${f.proPrice} per month and gives you unlimited stories. It is billed monthly to your card, with no long-term commitment.`,
          },
        ],
      },
      {
        id: 'how-do-i-cancel-pro',
        question: 'How do I cancel Pro?',
        answer: () => [
          {
            kind: 'p',
            text: 'You can cancel at any time: open the Account page and choose Manage Billing. Pro stays active until the end of the period you have already paid for, and you will not be charged again.',
          },
        ],
      },
      {
        id: 'can-i-get-a-refund',
        question: 'Can I get a refund?',
        answer: () => [
          {
            kind: 'p',
            text: 'If this is your first Pro subscription, you can ask for a refund within 7 days. Send us a message from the Contact page with the subject Billing and we will take it from there.',
          },
        ],
      },
      {
        id: 'will-the-price-change',
        question: 'Will the price of Pro change?',
        answer: () => [
          {
            kind: 'p',
            text: 'If it ever does, we will tell you 30 days before the change takes effect, so you have time to decide whether to keep your subscription.',
          },
        ],
      },
    ],
  },
  {
    id: 'account-and-security',
    title: 'Account and security',
    summary: 'Signing up, verifying your e-mail, resetting your password and keeping your account safe.',
    icon: '鍵',
    items: [
      {
        id: 'how-do-i-create-an-account',
        question: 'How do I create an account?',
        answer: () => [
          {
            kind: 'p',
            text: 'Register with your name, your e-mail address and a password. Your password needs at least 8 characters, including:',
          },
          {
            kind: 'list',
            items: ['an uppercase letter', 'a lowercase letter', 'a number'],
          },
        ],
      },
      {
        id: 'verifying-my-email',
        question: 'Why do I need to verify my e-mail, and how long does the link last?',
        answer: () => [
          {
            kind: 'p',
            text: 'Free accounts need a verified e-mail address before they can generate stories. After you register, we send you a verification link. It expires after 24 hours and works only once.',
          },
        ],
      },
      {
        id: 'i-forgot-my-password',
        question: 'I forgot my password. What should I do?',
        answer: () => [
          {
            kind: 'p',
            text: 'Request a password reset and we will e-mail you a link. For your security, the link expires after 1 hour and works only once, so use it soon after it arrives. If it runs out, just request a new reset.',
          },
        ],
      },
      {
        id: 'how-is-my-password-stored',
        question: 'How is my password stored?',
        answer: () => [
          {
            kind: 'p',
            text: 'We never store your password itself. We keep only an argon2id hash of it, a one-way fingerprint that lets us check your password when you sign in but cannot be turned back into the password.',
          },
        ],
      },
      {
        id: 'how-do-i-contact-support',
        question: 'How do I get help with my account?',
        answer: () => [
          {
            kind: 'p',
            text: 'Write to us from the Contact page and pick the subject that fits best: Technical support, Billing, Feature request, Bug report or Other. We reply within 24 to 48 hours on business days.',
          },
        ],
      },
    ],
  },
  {
    id: 'privacy-and-data',
    title: 'Privacy and data',
    summary: 'What we store, how to get a copy of your data or delete it, and who can use Kotoba Tales.',
    icon: '守',
    items: [
      {
        id: 'what-do-you-store-in-my-browser',
        question: 'Which cookies and local storage do you use?',
        answer: () => [
          {
            kind: 'p',
            text: 'Only what the app needs to work:',
          },
          {
            kind: 'list',
            items: [
              'a sign-in token that keeps you signed in',
              'your reader preferences, such as text speed',
              'your save data',
            ],
          },
          {
            kind: 'p',
            text: 'There are no advertising trackers.',
          },
        ],
      },
      {
        id: 'do-you-sell-my-data',
        question: 'Do you sell my data?',
        answer: () => [
          {
            kind: 'p',
            text: 'No. We do not sell your data, and we do not use advertising trackers.',
          },
        ],
      },
      {
        id: 'can-i-export-my-data',
        question: 'Can I get a copy of my data?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. Request a data export from the Contact page and we will deliver it within 24 hours.',
          },
        ],
      },
      {
        id: 'how-do-i-delete-my-account',
        question: 'How do I delete my account?',
        answer: () => [
          {
            kind: 'p',
            text: 'Ask for account deletion from the Contact page. We will complete it within 30 days.',
          },
        ],
      },
      {
        id: 'minimum-age',
        question: 'Is there a minimum age?',
        answer: () => [
          {
            kind: 'p',
            text: 'Yes. You must be at least 13 years old to create an account.',
          },
        ],
      },
    ],
  },
];
