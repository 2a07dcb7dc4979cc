/**
 * Policy texts for /cookie-policy, /privacy-policy and /terms-of-use.
 * Plain-language drafts: have them reviewed by the firm's legal adviser before launch.
 */
import { cookieBanner } from './cookies';
import { contact, firm } from './site';

export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface Policy {
  title: string;
  description: string;
  effective: string;
  intro: string;
  sections: readonly PolicySection[];
}

const effective = 'August 2025';

export const cookiePolicy: Policy = {
  title: 'Cookie Policy',
  description: `How ${firm.name} uses cookies and similar technologies, and how you can control them.`,
  effective,
  intro: `This policy explains how ${firm.legalName} ("${firm.name}", "we", "us") uses cookies and browser storage on this website, and the choices you have.`,
  sections: [
    {
      heading: 'What cookies are',
      paragraphs: [
        'Cookies are small text files a website stores in your browser. Similar technologies, such as browser local storage, work in much the same way. We refer to all of them as cookies in this policy.',
      ],
    },
    {
      heading: 'The cookies we use',
      paragraphs: ['We group cookies into two categories:'],
      list: [
        'Necessary cookies: required for the site to work, for example to remember your cookie choice and to keep the admin area secure. They are always active and cannot be disabled.',
        'Analytics cookies: help us understand how visitors use the site and how it performs, so we can improve it. They are only set if you choose Accept All.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'When you first visit, a banner lets you accept all cookies, accept only necessary cookies, or reject all non-essential cookies. Cookie Settings lets you review each category. Your choice is stored in your browser under the key cookie-consent.',
        `You can change or withdraw your choice at any time: choose ${cookieBanner.settings} at the foot of any page. Clearing this site’s data in your browser also clears your choice, and the banner will ask again. You can also block cookies entirely in your browser, although parts of the site may then not work as intended.`,
      ],
    },
    {
      heading: 'Third parties',
      paragraphs: [
        'We do not allow advertising networks to set cookies on this site. If we use an analytics provider, it acts on our behalf and only after you have accepted analytics cookies.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [`Questions about this policy can be sent to ${contact.email}.`],
    },
  ],
};

export const privacyPolicy: Policy = {
  title: 'Privacy Policy',
  description: `How ${firm.name} collects, uses, stores and protects your personal information.`,
  effective,
  intro: `${firm.legalName} respects your privacy and handles personal information in line with the Privacy Act 1988 (Cth) and the Australian Privacy Principles. This policy explains what we collect and why.`,
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: ['We collect only what we need to respond to you and run our business:'],
      list: [
        'Enquiry details you submit: your name, email address, phone number, company and message, and which page or button you used to contact us.',
        'Newsletter sign-ups: your email address.',
        'Technical information such as browser type and pages visited, collected through analytics cookies only if you accept them.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'We use your information to reply to your enquiry, provide and improve our services, send the newsletter you asked for, and meet our legal obligations. We do not sell or rent personal information.',
      ],
    },
    {
      heading: 'Storage and security',
      paragraphs: [
        'Your information is stored with reputable cloud providers using encryption in transit and access controls. Some providers may store data outside Australia; where they do, we take reasonable steps to ensure it is protected to the standard the Australian Privacy Principles require.',
      ],
    },
    {
      heading: 'Marketing emails',
      paragraphs: [
        'Every newsletter includes a link to unsubscribe. You can also ask us at any time to remove your address.',
      ],
    },
    {
      heading: 'Access, correction and complaints',
      paragraphs: [
        `You may ask to access or correct the personal information we hold about you by writing to ${contact.email}. If you have a privacy concern, contact us first; we will respond within 30 days. If you are not satisfied, you may contact the Office of the Australian Information Commissioner (OAIC).`,
      ],
    },
  ],
};

export const termsOfUse: Policy = {
  title: 'Terms of Use',
  description: `The terms that apply when you use the ${firm.name} website.`,
  effective,
  intro: `These terms apply to your use of this website, operated by ${firm.legalName} (ABN ${firm.abn}). By using the site you agree to them.`,
  sections: [
    {
      heading: 'Information only',
      paragraphs: [
        'The content on this site, including articles in Insights, is general information and not professional advice for your circumstances. Please contact us before relying on it for a business decision.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        `Unless stated otherwise, the content, design and trade marks on this site belong to ${firm.name} or its licensors. You may view and share pages for personal or internal business use, with attribution, but not reproduce them commercially without our written permission.`,
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['When using the site you agree not to:'],
      list: [
        'submit false, misleading or unlawful information through our forms;',
        'attempt to gain unauthorised access to the site, its admin area or its data;',
        'interfere with the site’s operation, including by automated submissions.',
      ],
    },
    {
      heading: 'Links to other sites',
      paragraphs: [
        'We link to partner and social media sites for convenience. We are not responsible for their content or privacy practices.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'To the extent permitted by law, including the Australian Consumer Law, we exclude liability for loss arising from your use of the site. Nothing in these terms limits rights you have that cannot be excluded by law.',
      ],
    },
    {
      heading: 'Governing law and changes',
      paragraphs: [
        'These terms are governed by the laws of New South Wales, Australia. We may update them from time to time; the effective date above shows the current version.',
      ],
    },
  ],
};
