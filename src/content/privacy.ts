import type { LegalDocument } from './types';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: '2026-11-21',
  intro:
    'This policy explains what personal data Kotoba Tales collects, why we collect it, who helps us process it, ' +
    'how long we keep it and what rights you have. The short version: we collect only what we need to run the app, ' +
    'we do not sell your data, and we use no advertising or analytics trackers.',
  sections: [
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      body: () => [
        { kind: 'p', text: 'Account data, when you register and use your account:' },
        {
          kind: 'list',
          items: [
            'your name and e-mail address;',
            'your password, stored only as a secure one-way hash (argon2id), never as the password itself;',
            'whether your e-mail address is verified, your plan (Free or Pro), when you registered and when you last signed in;',
            'sign-in sessions and one-time links for e-mail verification and password reset, stored as secure hashes.',
          ],
        },
        { kind: 'p', text: 'Learning data, when you read stories:' },
        {
          kind: 'list',
          items: [
            'the language, level and theme you choose, and your custom prompt if you write one;',
            'the stories created for you, the choices you make and your save data;',
            'how many stories you have started each month, so that we can count the free quota.',
          ],
        },
        { kind: 'p', text: 'Billing data, if you subscribe to Pro:' },
        {
          kind: 'list',
          items: [
            'your subscription status and renewal date, and the references our payment processor (Stripe) gives us to connect payments to your account;',
            'we never receive or store your card details. You give them directly to Stripe.',
          ],
        },
        { kind: 'p', text: 'Messages and technical data:' },
        {
          kind: 'list',
          items: [
            'when you write to us through the Contact page: your e-mail address, the subject, your message and your IP address;',
            'server logs, which record IP addresses and requests, for security and to limit abuse (rate limiting);',
            'data stored in your own browser, described in the Cookie Policy below.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'How we use your data',
      body: () => [
        { kind: 'p', text: 'We use your data only to:' },
        {
          kind: 'list',
          items: [
            'create and run your account, sign you in and keep it secure;',
            'send account e-mails, such as verification links, password reset links and notices about your subscription or price changes;',
            'create your stories, save your progress and count your free monthly quota;',
            'handle your Pro subscription and payments;',
            'answer your messages and support requests;',
            'protect the service from abuse, fraud and attacks;',
            'meet our legal obligations.',
          ],
        },
        {
          kind: 'p',
          text:
            'We do not sell your personal data, we do not show advertising, and we do not use your data to build ' +
            'advertising profiles.',
        },
      ],
    },
    {
      id: 'legal-bases',
      heading: 'Legal bases',
      body: () => [
        { kind: 'p', text: 'Where data protection laws such as the GDPR apply, we rely on these legal bases:' },
        {
          kind: 'list',
          items: [
            'Contract: to provide the service you signed up for, including your account, stories, save data, the free quota and Pro billing.',
            'Legitimate interests: to keep the service secure and working, for example server logs and rate limiting, and to answer messages you send us.',
            'Legal obligation: to keep records that the law requires, such as records of payments, and to answer lawful requests from authorities.',
          ],
        },
        {
          kind: 'p',
          text:
            'We do not use tracking that needs your consent. You can object to processing based on legitimate interests ' +
            'by contacting us.',
        },
      ],
    },
    {
      id: 'processors',
      heading: 'Who we share data with',
      body: () => [
        {
          kind: 'p',
          text:
            'We share personal data only with service providers (processors) that help us run Kotoba Tales, and only ' +
            'what each of them needs:',
        },
        {
          kind: 'list',
          items: [
            'Our hosting provider, which runs our servers and database.',
            'Our e-mail provider, which delivers account e-mails such as verification and password reset links.',
            'Our payment processor, Stripe, which handles Pro payments and your card details.',
            'Our AI model provider, which writes the stories. It receives the story prompt: the theme, the level and your custom prompt if you write one. It never receives your e-mail address or your name.',
          ],
        },
        {
          kind: 'p',
          text:
            'Please do not put personal information, such as your real name or address, into a custom prompt, ' +
            'because the prompt is sent to the AI model provider.',
        },
        {
          kind: 'p',
          text:
            'We may also disclose data if the law requires it, or to protect the rights and safety of our users and of ' +
            'Kotoba Tales.',
        },
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      body: () => [
        {
          kind: 'p',
          text:
            'Our service providers may process data in countries other than the one where you live, and those countries ' +
            'may have different data protection laws. When data leaves your region, we rely on the safeguards the law requires, ' +
            'such as standard contractual clauses where they apply, to keep it protected.',
        },
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep data',
      body: () => [
        {
          kind: 'list',
          items: [
            'Account data, stories and save data: for as long as you have an account. When you ask us to delete your account, we complete the deletion within 30 days.',
            'Server logs with IP addresses: up to 30 days.',
            'E-mail verification links expire after 24 hours, and password reset links after 1 hour. Each link works only once.',
            'Contact messages: as long as we need them to answer you and follow up.',
            'Payment records: where the law requires us to keep them, for the time it requires, even after your account is deleted.',
          ],
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      body: () => [
        { kind: 'p', text: 'Depending on where you live, you may have the right to:' },
        {
          kind: 'list',
          items: [
            'get a copy of your data (export): ask us through the Contact page and we will send it to you within 24 hours;',
            'have your account and data deleted: we complete deletion within 30 days of your request;',
            'correct data that is wrong;',
            'object to, or ask us to limit, some processing;',
            'complain to your local data protection authority.',
          ],
        },
        {
          kind: 'p',
          text:
            'To use any of these rights, write to us through the Contact page. We usually reply within 24 to 48 hours. ' +
            'We may ask you to confirm that the account is yours before we act. If you have Pro, please cancel it in ' +
            'Manage Billing before you ask for deletion.',
        },
        {
          kind: 'p',
          text:
            'You can also remove the data stored in your browser at any time by signing out and clearing the site data ' +
            'in your browser settings.',
        },
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      body: () => [
        { kind: 'p', text: 'We protect your data with measures such as:' },
        {
          kind: 'list',
          items: [
            'storing passwords only as argon2id hashes;',
            'single-use e-mail links that expire (24 hours for verification, 1 hour for password reset);',
            'sign-in tokens that are cancelled on our server when you sign out, and all sessions ended when you reset your password;',
            'rate limits that slow down people who try to guess passwords or misuse the service.',
          ],
        },
        {
          kind: 'p',
          text:
            'No system is perfectly secure. Please use a strong password that you do not use anywhere else, and sign out ' +
            'on shared computers.',
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      body: () => [
        {
          kind: 'p',
          text:
            'Kotoba Tales is not for children under 13, and we do not knowingly collect data from them. If you believe ' +
            'a child under 13 has created an account, please tell us through the Contact page and we will delete it.',
        },
        {
          kind: 'p',
          text: 'Users under 18 need permission from a parent or guardian before they subscribe to Pro.',
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookie Policy',
      body: () => [
        {
          kind: 'p',
          text:
            'Kotoba Tales does not use tracking cookies, advertising cookies, analytics cookies or any third-party cookies. ' +
            'We do not track you across other websites.',
        },
        {
          kind: 'p',
          text:
            'Instead of cookies, the app uses your browser\'s local storage (localStorage) to remember a few things on ' +
            'your device. This data stays in your browser. It is needed for the app to work:',
        },
        {
          kind: 'list',
          items: [
            'Sign-in (key "kotoba.auth"): your sign-in token and basic account details, so that you stay signed in. Signing out cancels the token on our server.',
            'Reader preferences: your settings, such as text speed and whether furigana is shown.',
            'Save data: your progress in stories. Saves are also stored on our server with the story, so you can continue later.',
          ],
        },
        {
          kind: 'p',
          text:
            'Because these items are needed for the app to work and are not used for tracking, we do not ask for cookie ' +
            'consent. You can delete them at any time by clearing the site data in your browser settings. If you do, ' +
            'you will be signed out and your reader preferences will return to the defaults.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: () => [
        {
          kind: 'p',
          text:
            'We may update this policy when the service or the law changes. We will change the "last updated" date at ' +
            'the top of this page, and if a change is important, we will also tell you by e-mail before it takes effect.',
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
            'If you have a question about this policy or your data, or want to use your rights, please write to us ' +
            'through the Contact page. We usually reply within 24 to 48 hours.',
        },
      ],
    },
  ],
};
