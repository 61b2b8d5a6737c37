import type { LegalDocument, SiteFigures } from './types';

/** "1 story" or "5 stories": the quota comes from the server, so the noun must follow it. */
const storiesPerMonth = (f: SiteFigures): string =>
  `${f.freeStoriesPerMonth} ${f.freeStoriesPerMonth === 1 ? 'story' : 'stories'}`;

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: '2026-11-21',
  intro:
    'These terms explain the rules for using Kotoba Tales, a web app where you learn Japanese or English by reading ' +
    'interactive stories. We have tried to write them in clear, simple language. Please read them before you create ' +
    'an account. In these terms, "we" and "us" means the team that runs Kotoba Tales, and "you" means the person using it.',
  sections: [
    {
      id: 'acceptance',
      heading: 'Accepting these terms',
      body: () => [
        {
          kind: 'p',
          text:
            'By creating an account or using Kotoba Tales, you agree to these Terms of Service and to our Privacy Policy. ' +
            'If you do not agree, please do not use the service.',
        },
        {
          kind: 'p',
          text: 'If you use Kotoba Tales with a parent or guardian\'s permission, they also agree to these terms for you.',
        },
      ],
    },
    {
      id: 'eligibility',
      heading: 'Who can use Kotoba Tales',
      body: () => [
        { kind: 'p', text: 'You must be at least 13 years old to create an account or use Kotoba Tales.' },
        {
          kind: 'p',
          text:
            'If you are under 18, you need permission from a parent or guardian before you subscribe to Pro. ' +
            'We recommend that a parent or guardian also reads these terms with you.',
        },
        {
          kind: 'p',
          text: 'If we learn that someone under 13 has an account, we will close the account and delete its data.',
        },
      ],
    },
    {
      id: 'accounts-and-security',
      heading: 'Your account and its security',
      body: () => [
        {
          kind: 'p',
          text:
            'To use Kotoba Tales you create an account with your name, your e-mail address and a password. ' +
            'Please give correct information and keep your e-mail address up to date, because we use it to send you ' +
            'important messages about your account.',
        },
        {
          kind: 'list',
          items: [
            'We send you a link to verify your e-mail address. The link works only once and expires after 24 hours. You can ask for a new one at any time.',
            'A free account must have a verified e-mail address before it can start stories.',
            'If you forget your password, you can ask for a reset link. It works only once and expires after 1 hour. Resetting your password signs you out on all your devices.',
            'We never store your password itself. We store only a secure one-way hash of it (argon2id).',
          ],
        },
        {
          kind: 'p',
          text:
            'When you sign in, your browser keeps a sign-in token so that you stay signed in. ' +
            'Signing out cancels that token on our server. If you use a shared or public computer, please sign out when you finish.',
        },
        {
          kind: 'p',
          text:
            'You are responsible for keeping your password secret and for what happens in your account. ' +
            'Do not share your account with other people. If you think someone else has used your account, ' +
            'change your password and tell us through the Contact page.',
        },
      ],
    },
    {
      id: 'the-service',
      heading: 'The service and AI-generated stories',
      body: () => [
        {
          kind: 'p',
          text:
            'Kotoba Tales creates branching visual novels for learners of Japanese (JLPT levels N5 to N1) and English ' +
            '(CEFR levels A1 to C2). You choose a language, a level and a theme, and the story arrives scene by scene. ' +
            'The choices you make change how the story continues.',
        },
        {
          kind: 'p',
          text:
            'Stories are written by an AI model. When no AI model is available, stories come from a built-in library ' +
            'of stories written by people. You can add your own custom prompt of up to 500 characters to guide the story. ' +
            'A custom prompt cannot change the level you chose or the safety instructions we give the AI model.',
        },
        {
          kind: 'p',
          text: 'Please keep in mind that AI-generated stories:',
        },
        {
          kind: 'list',
          items: [
            'may contain mistakes in grammar, vocabulary, readings (such as furigana), facts or culture;',
            'may not always match your chosen level exactly;',
            'are made for language practice and are not professional teaching, translation or advice.',
          ],
        },
        {
          kind: 'p',
          text:
            'If you find a mistake or something inappropriate in a story, please tell us through the Contact page. ' +
            'It helps us improve Kotoba Tales.',
        },
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      body: () => [
        { kind: 'p', text: 'Please use Kotoba Tales fairly and respectfully. You must not:' },
        {
          kind: 'list',
          items: [
            'use the service, including custom prompts, to create content that is unlawful, or that harms, harasses, threatens or sexually exploits anyone;',
            'try to get around the level or safety instructions, the free monthly quota, or any other limit of the service;',
            'try to get into other people\'s accounts or into parts of the service that are not meant for you;',
            'attack, overload or disrupt the service, for example with automated requests, scraping or bots;',
            'copy, resell or rent out the service, or access to your account, without our written permission;',
            'break any law that applies to you.',
          ],
        },
        {
          kind: 'p',
          text:
            'If you break these rules, we may remove content, limit your use of the service, or suspend or close ' +
            'your account, as described in the Termination section.',
        },
      ],
    },
    {
      id: 'plans-and-quota',
      heading: 'Plans and the free monthly quota',
      body: (f) => [
        { kind: 'p', text: 'Kotoba Tales has two plans:' },
        {
          kind: 'list',
          items: [
            `Free: you can start up to ${storiesPerMonth(f)} per calendar month.`,
            `Pro: you can start as many stories as you like, for ${f.proPrice} per month.`,
          ],
        },
        {
          kind: 'p',
          text:
            'The free quota counts calendar months in Coordinated Universal Time (UTC). It starts again on the first day ' +
            'of each month, UTC, which may be a different time or day where you live. Stories you did not use in one ' +
            'month do not carry over to the next month.',
        },
        {
          kind: 'p',
          text:
            'The quota and the prices shown on the Pricing page and in the app are the ones that apply to you. ' +
            'We may change the free quota in the future. The quota applies to starting new stories.',
        },
      ],
    },
    {
      id: 'billing-and-cancellation',
      heading: 'Billing, cancellation, refunds and price changes',
      body: (f) => [
        {
          kind: 'p',
          text:
            `Pro costs ${f.proPrice} per month and is billed monthly by card. Payments are handled by our payment ` +
            'processor, Stripe. Your card details go directly to Stripe. We never see or store your full card number.',
        },
        {
          kind: 'p',
          text:
            'Your subscription renews automatically each month until you cancel. There is no long-term commitment ' +
            'and no cancellation fee.',
        },
        {
          kind: 'p',
          text: 'Cancelling:',
        },
        {
          kind: 'list',
          items: [
            'You can cancel at any time from Manage Billing in your account.',
            'After you cancel, Pro stays active until the end of the period you have already paid for. Then your account returns to the Free plan.',
            'Your account, your stories and your save data stay with your account when it returns to the Free plan.',
          ],
        },
        {
          kind: 'p',
          text: 'Refunds:',
        },
        {
          kind: 'list',
          items: [
            'If you subscribe to Pro for the first time, you may ask for a full refund within 7 days of your first payment. Send your request through the Contact page.',
            'Apart from this, we do not refund payments for a month that has already started, unless the law requires us to.',
          ],
        },
        {
          kind: 'p',
          text:
            'Price changes: if we change the Pro price, we will tell you by e-mail at least 30 days before the new price ' +
            'applies to you. If you do not want to pay the new price, you can cancel before it starts.',
        },
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property and your content',
      body: () => [
        {
          kind: 'p',
          text:
            'Kotoba Tales, including its software, design, name, logo and built-in library of stories, belongs to us ' +
            'or to the people who license it to us. These terms do not give you any rights to them except the right ' +
            'to use the service as described here.',
        },
        {
          kind: 'p',
          text:
            'Your content is what you write in the app, such as custom prompts and messages to us. You keep any rights ' +
            'you have in it. You give us permission to use it only as needed to run the service for you, for example ' +
            'to send your custom prompt to the AI model that writes your story.',
        },
        {
          kind: 'p',
          text:
            'You may use the stories created for you for your own personal study: you can read them, review them and ' +
            'take notes from them. Please do not sell or publish them as your own product.',
        },
      ],
    },
    {
      id: 'availability-and-changes',
      heading: 'Availability and changes to the service',
      body: () => [
        {
          kind: 'p',
          text:
            'We work hard to keep Kotoba Tales running well, but we cannot promise that it will always be available ' +
            'or free of errors. It may sometimes be slow or unavailable, for example during maintenance or when one of ' +
            'our providers has a problem.',
        },
        {
          kind: 'p',
          text:
            'We may improve, change or remove features over time. If we make a change that takes away something ' +
            'important from Pro subscribers, we will tell you in advance when we reasonably can.',
        },
      ],
    },
    {
      id: 'termination',
      heading: 'Closing your account',
      body: () => [
        {
          kind: 'p',
          text:
            'You can stop using Kotoba Tales at any time. To delete your account, contact us through the Contact page. ' +
            'We complete account deletion within 30 days. If you have Pro, please cancel it in Manage Billing first so ' +
            'that you are not billed again.',
        },
        {
          kind: 'p',
          text:
            'We may suspend or close your account if you seriously or repeatedly break these terms, if the law requires ' +
            'us to, or if your use puts the service or other people at risk. When it is reasonable, we will tell you ' +
            'why and give you a chance to fix the problem first.',
        },
        {
          kind: 'p',
          text:
            'When an account is closed, your right to use the service ends. The sections on intellectual property, ' +
            'disclaimers and limitation of liability continue to apply.',
        },
      ],
    },
    {
      id: 'disclaimers',
      heading: 'Disclaimers',
      body: () => [
        {
          kind: 'p',
          text:
            'Kotoba Tales is provided "as is" and "as available". As far as the law allows, we do not promise that the ' +
            'service or its stories will be accurate, complete, right for your level or right for a particular purpose.',
        },
        {
          kind: 'p',
          text:
            'Kotoba Tales is a practice tool. We do not promise any learning result, and using it does not guarantee ' +
            'that you will pass a JLPT, CEFR or any other exam.',
        },
        {
          kind: 'p',
          text:
            'Some countries do not allow some of these disclaimers. If you live in one of them, they apply to you only ' +
            'as far as the law allows.',
        },
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of liability',
      body: () => [
        {
          kind: 'p',
          text:
            'As far as the law allows, our total liability to you for any claim about Kotoba Tales is limited to the ' +
            'fees you paid us in the 12 months before the claim.',
        },
        {
          kind: 'p',
          text:
            'As far as the law allows, we are not responsible for indirect or unexpected losses, such as lost profits, ' +
            'lost opportunities or lost data that you could reasonably have kept yourself.',
        },
        {
          kind: 'p',
          text:
            'Nothing in these terms limits any liability that cannot be limited by law, or takes away rights that ' +
            'consumer law gives you.',
        },
      ],
    },
    {
      id: 'changes-to-these-terms',
      heading: 'Governing terms and changes to these terms',
      body: () => [
        {
          kind: 'p',
          text:
            'These terms, together with our Privacy Policy, are the whole agreement between you and us about Kotoba Tales. ' +
            'If a court decides that one part of these terms cannot be enforced, the other parts still apply. ' +
            'If we do not enforce a rule straight away, we can still enforce it later.',
        },
        {
          kind: 'p',
          text:
            'We may update these terms from time to time, for example when we add features or when the law changes. ' +
            'We will change the "last updated" date at the top of this page. If a change is important, we will also ' +
            'tell you by e-mail before it takes effect. If you keep using Kotoba Tales after a change takes effect, ' +
            'the new terms apply. If you do not agree with them, you can stop using the service and close your account.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: () => [
        {
          kind: 'p',
          text:
            'If you have a question about these terms, your account or a payment, please write to us through the ' +
            'Contact page. We usually reply within 24 to 48 hours.',
        },
      ],
    },
  ],
};
