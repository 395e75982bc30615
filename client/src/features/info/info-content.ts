/**
 * Plain text for the footer's information pages. Wording is deliberately general: nothing here
 * states a figure, a licence number or a date the operator has not given us.
 */

export type InfoPageSlug =
  | 'terms-and-conditions'
  | 'responsible-gaming'
  | 'privacy-policy'
  | 'aml-policy'
  | 'sports-policy'
  | 'faq'
  | 'help-center'
  | 'partnership'
  | 'blog';

export interface InfoSection {
  heading: string;
  paragraphs: string[];
}

export interface InfoPage {
  title: string;
  intro: string;
  sections: InfoSection[];
}

export const INFO_PAGES: Record<InfoPageSlug, InfoPage> = {
  'terms-and-conditions': {
    title: 'Terms and Conditions',
    intro:
      'These terms govern your use of the platform: the casino, sports, the Trollbox chat and the BZU token dashboard.',
    sections: [
      {
        heading: 'Eligibility',
        paragraphs: [
          'You must be at least 18 years old, or older where the law where you live requires it, to register or play.',
          'You may hold one account only. Accounts are personal and may not be transferred or sold.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Keep your password secret. You are responsible for everything done with your account.',
          'We may ask you to verify your e-mail address and your identity before you play or withdraw.',
        ],
      },
      {
        heading: 'Play',
        paragraphs: [
          'Game outcomes are decided by the game’s own rules and a provably fair random process. Bets are final once placed.',
          'We may void bets placed through errors, abuse or prohibited software.',
        ],
      },
      {
        heading: 'The BZU token',
        paragraphs: [
          'Prices shown on the token pages are information, not advice. Crypto trading is not gambling, and the value of tokens can fall as well as rise.',
        ],
      },
      {
        heading: 'Conduct',
        paragraphs: [
          'The chat rules apply in the Trollbox. Abuse, fraud, money laundering and collusion lead to account closure.',
        ],
      },
      {
        heading: 'Changes',
        paragraphs: [
          'We may update these terms. Continuing to use the platform after a change means you accept the new terms.',
        ],
      },
    ],
  },
  'responsible-gaming': {
    title: 'Responsible Gaming',
    intro: 'Gambling should be entertainment, never a way to make money or escape problems.',
    sections: [
      {
        heading: 'Stay in control',
        paragraphs: [
          'Decide in advance how much time and money you will spend, and stop when you reach it.',
          'Never chase losses and never gamble with money you need for everyday life.',
        ],
      },
      {
        heading: 'Limits',
        paragraphs: [
          'In your account area (Self-exclusion) you can set deposit, loss and wager limits per day, week and month, in USD. BZU counts at the BZU price of the moment. A day starts at 00:00 UTC, a week on Monday, a month on the 1st.',
          'A loss limit counts what you lost net of wins; a stake is refused when it could take you past it, because a stake can lose at most itself. A wager limit counts everything you stake.',
          'Limits apply everywhere money is staked: the originals and table games, the round games, the sportsbook and the studio games. A refused stake tells you the limit, what is left and when it resets; a round already under way finishes.',
          'A lower limit applies at once. A higher limit, or removing one, waits 24 hours and is shown as pending until then; you can cancel it.',
          'A session time limit ends a play session after the minutes you choose (a round under way finishes); the next session can start only after the cool-down you chose.',
          'Reality checks remind you, every 15 to 120 minutes of play (or never), how long you have played, what you staked and your net result; play pauses until you answer. The header shows how long you have been signed in.',
        ],
      },
      {
        heading: 'Take a break',
        paragraphs: [
          'A time-out is a break of 24 hours, one week, one month or six weeks. It starts at once, ends by itself and cannot be ended early.',
          'Self-exclusion is longer: 24 hours to permanent. It cannot be shortened or lifted.',
          'While a time-out or self-exclusion runs you cannot play, deposit, take part in promotions or write in the chat; you can still log in and withdraw.',
        ],
      },
      {
        heading: 'Closing your account',
        paragraphs: [
          'You can close your account from the account area with your password. Play and deposits stop at once; your balance can still be withdrawn. Reopening needs a request and a 24-hour wait.',
        ],
      },
      {
        heading: 'Getting help',
        paragraphs: [
          'If gambling is causing you harm, talk to someone you trust and contact a local problem-gambling support service. Our support team can close or restrict your account on request.',
        ],
      },
      { heading: 'Minors', paragraphs: ['Players must be 18 or over. We close accounts held by minors.'] },
    ],
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    intro: 'This policy explains what personal data we hold and why.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Your e-mail address, usernames, the currency you choose, your balances and your game, chat and transaction history.',
          'Technical data such as your IP address and browser, used for security and fraud prevention.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To run your account, process payments, meet legal duties such as anti-money-laundering checks, and keep the platform secure.',
        ],
      },
      {
        heading: 'Storage and security',
        paragraphs: [
          'Passwords are stored only as strong one-way hashes. Session tokens are stored only in hashed form and expire.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can ask for a copy of your data, its correction or its deletion where the law allows, by contacting support.',
        ],
      },
    ],
  },
  'aml-policy': {
    title: 'Anti-Money Laundering Policy',
    intro: 'We do not allow the platform to be used to launder money or finance crime.',
    sections: [
      {
        heading: 'Know your customer',
        paragraphs: [
          'We may ask for proof of identity, address and source of funds, in particular before withdrawals.',
        ],
      },
      {
        heading: 'Monitoring',
        paragraphs: [
          'Deposits, bets and withdrawals are monitored for unusual patterns. Suspicious activity is reported to the authorities as the law requires.',
        ],
      },
      {
        heading: 'Consequences',
        paragraphs: [
          'Accounts involved in money laundering are closed and their funds may be withheld as the law requires.',
        ],
      },
    ],
  },
  'sports-policy': {
    title: 'Sports Betting Policy',
    intro: 'These rules apply to sports bets once sports betting is available.',
    sections: [
      {
        heading: 'Placing bets',
        paragraphs: ['A bet is accepted only when it is confirmed on screen. Odds may change until then.'],
      },
      {
        heading: 'Settlement',
        paragraphs: [
          'Bets are settled on the official result of the event. Abandoned or postponed events are settled according to the market’s rules.',
        ],
      },
      {
        heading: 'Errors',
        paragraphs: [
          'Bets placed at obviously wrong odds, or after the event started where live betting was not offered, may be voided.',
        ],
      },
    ],
  },
  faq: {
    title: 'Frequently Asked Questions',
    intro: 'Quick answers to common questions.',
    sections: [
      {
        heading: 'How do I create an account?',
        paragraphs: [
          'Select REGISTER at the top of the page, fill in the form and confirm your e-mail address with the link we send.',
        ],
      },
      {
        heading: 'I did not get the verification e-mail.',
        paragraphs: ['Check your spam folder, then request a new one on the resend verification page.'],
      },
      { heading: 'I forgot my password.', paragraphs: ['Use the forgot password page to get a reset link by e-mail.'] },
      {
        heading: 'What is BZU?',
        paragraphs: [
          'BZU is the platform’s token. Its price and details are on the token dashboard. Crypto trading is not gambling.',
        ],
      },
      {
        heading: 'What is the Trollbox?',
        paragraphs: ['The public chat room. Anyone can read it; you need to be logged in to write.'],
      },
    ],
  },
  'help-center': {
    title: 'Help Center',
    intro: 'Guides to get you going, and how to reach us.',
    sections: [
      {
        heading: 'Account',
        paragraphs: ['Registering, verifying your e-mail, logging in and recovering your password: see the FAQ.'],
      },
      {
        heading: 'Payments',
        paragraphs: ['Deposits and withdrawals are listed in your account area once they are available.'],
      },
      { heading: 'Safety', paragraphs: ['Read our responsible gaming page for limits, breaks and self-exclusion.'] },
      { heading: 'Contact', paragraphs: ['Write to our support team; we answer every message.'] },
    ],
  },
  partnership: {
    title: 'Partnership',
    intro: 'Affiliates, streamers and game studios: we would like to hear from you.',
    sections: [
      {
        heading: 'Get in touch',
        paragraphs: [
          'Tell us about yourself and your audience or product by e-mail to our support team, with “Partnership” in the subject.',
        ],
      },
    ],
  },
  blog: {
    title: 'Blog',
    intro: 'News about the platform, new games and the BZU token.',
    sections: [
      {
        heading: 'No posts yet',
        paragraphs: ['The first posts are being written. Meanwhile, the Trollbox is where the community talks.'],
      },
    ],
  },
};
