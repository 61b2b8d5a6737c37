import type { Section } from './types';

/** The About page. Server-owned figures (quota, price) come from `f` if ever needed. */
export const aboutSections: Section[] = [
  {
    id: 'why-visual-novels',
    heading: 'Why visual novels work for reading practice',
    body: (f) => [
      {
        kind: 'p',
        text: 'The fastest way to get better at reading a language is to read a lot of it, and to want to keep going. Visual novels make that easy. The text comes in short lines of natural dialogue, the background and the characters’ expressions give you context for every line, and your choices decide what happens next, so you have a real reason to understand what you just read.',
      },
      f.storyteller === 'library'
        ? {
            kind: 'p',
            text: `Kotoba Tales brings that to learners of Japanese and English. Pick a theme you enjoy, such as Romance, Mystery, Adventure or Slice of Life, and read a branching story you have not read yet from this server’s built-in library of ${f.libraryStories}, written by hand for your level. (With an AI storyteller set up, every scene would be newly written for you.)`,
          }
        : {
            kind: 'p',
            text: 'Kotoba Tales brings that to learners of Japanese and English. Pick a theme you enjoy, such as Romance, Mystery, Adventure or Slice of Life, and a new branching story is written for you scene by scene. Each scene streams in as it is written, so you start reading straight away.',
          },
    ],
  },
  {
    id: 'graded-to-your-level',
    heading: 'Graded to your level',
    body: () => [
      {
        kind: 'p',
        text: 'Reading only helps when the text is within reach: mostly familiar, with just enough new material to stretch you. That is why every story is written for the level you choose, and every scene is checked against it.',
      },
      {
        kind: 'list',
        items: [
          'Japanese: all five JLPT levels, from N5 to N1.',
          'English: all six CEFR levels, from A1 to C2.',
        ],
      },
      {
        kind: 'p',
        text: 'As you improve, move up a level and the stories grow with you.',
      },
    ],
  },
  {
    id: 'reading-aids',
    heading: 'Help when you need it, out of the way when you don’t',
    body: () => [
      {
        kind: 'p',
        text: 'The reading aids are there to keep you reading rather than reaching for a textbook:',
      },
      {
        kind: 'list',
        items: [
          'Furigana over kanji, switched on and off with a single toggle.',
          'Grammar mode: click a highlighted pattern for an explanation, then copy it to your clipboard as a front-and-back card for Anki.',
          'Vocabulary mode: click or tap a word to see what it means.',
          'A backlog of everything you have read, one key away.',
          'Text speed you can set from 10 to 100 characters per second.',
          '10 save slots and an auto save, so you can explore every branch.',
        ],
      },
      {
        kind: 'p',
        text: 'For Japanese, a pop-up dictionary browser extension such as Yomitan makes a good companion.',
      },
    ],
  },
  {
    id: 'built-to-be-self-hosted',
    heading: 'Built to be self-hosted',
    body: () => [
      {
        kind: 'p',
        text: 'Kotoba Tales can be run by anyone who wants to host it: a school, a study group or just you. It starts with one command on a laptop and runs on PostgreSQL in production. Whoever runs the server chooses which AI provider writes the stories.',
      },
      {
        kind: 'p',
        text: 'With no AI provider configured at all, the app falls back to a built-in library of hand-written graded branching stories, so it works fully offline.',
      },
    ],
  },
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: () => [
      {
        kind: 'p',
        text: 'We are a small team of language learners and developers. We built Kotoba Tales because it is the reading practice we wanted for ourselves: stories worth finishing, at a level we could actually read.',
      },
      {
        kind: 'p',
        text: 'We keep things simple and respectful. We do not sell your data, we use no advertising trackers, and the only things we store in your browser are what the app needs to work. If you have a question, an idea or a bug to report, write to us from the Contact page. We reply within 24 to 48 hours on business days.',
      },
    ],
  },
];
