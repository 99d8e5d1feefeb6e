/**
 * SPEC's six built-in sample prizes (GBP). The server seeds them into an empty
 * database; the web app never shows them in place of prizes it could not load (DESIGN §13).
 * `days` is how long each runs from the moment it is seeded or shown.
 */
export interface SamplePrize {
  key: string;
  title: string;
  description: string;
  type: 'cash' | 'physical' | 'giftcard';
  /** Pounds. */
  value: number;
  totalWinners: number;
  entryCost: number;
  maxEntriesPerUser: number;
  featured: boolean;
  drawFrequency: 'weekly' | 'monthly' | null;
  days: number;
}

export const samplePrizes: SamplePrize[] = [
  {
    key: 'cash-500',
    title: '£500 Cash Prize',
    description: 'Five hundred pounds paid straight into the winner’s UK bank account. No strings attached.',
    type: 'cash',
    value: 500,
    totalWinners: 1,
    entryCost: 1,
    maxEntriesPerUser: 100,
    featured: true,
    drawFrequency: 'weekly',
    days: 7,
  },
  {
    key: 'iphone-15-pro',
    title: 'iPhone 15 Pro',
    description:
      'Brand-new Apple iPhone 15 Pro, 128 GB, unlocked, in Natural Titanium. Delivered free to a UK address.',
    type: 'physical',
    value: 999,
    totalWinners: 1,
    entryCost: 3,
    maxEntriesPerUser: 150,
    featured: true,
    drawFrequency: null,
    days: 14,
  },
  {
    key: 'amazon-100',
    title: '£100 Amazon Gift Card',
    description: 'A £100 Amazon.co.uk gift card sent by email. Three winners in this draw.',
    type: 'giftcard',
    value: 100,
    totalWinners: 3,
    entryCost: 1,
    maxEntriesPerUser: 50,
    featured: false,
    drawFrequency: 'weekly',
    days: 7,
  },
  {
    key: 'ps5',
    title: 'PlayStation 5',
    description:
      'Sony PlayStation 5 console with a DualSense wireless controller. Delivered free to a UK address.',
    type: 'physical',
    value: 479.99,
    totalWinners: 1,
    entryCost: 2,
    maxEntriesPerUser: 100,
    featured: true,
    drawFrequency: null,
    days: 21,
  },
  {
    key: 'cash-1000',
    title: '£1,000 Cash Prize',
    description: 'One thousand pounds paid straight into the winner’s UK bank account.',
    type: 'cash',
    value: 1000,
    totalWinners: 1,
    entryCost: 3,
    maxEntriesPerUser: 150,
    featured: false,
    drawFrequency: 'monthly',
    days: 28,
  },
  {
    key: 'airpods-pro',
    title: 'AirPods Pro',
    description: 'Apple AirPods Pro (2nd generation) with USB-C MagSafe case. Two winners in this draw.',
    type: 'physical',
    value: 229,
    totalWinners: 2,
    entryCost: 2,
    maxEntriesPerUser: 75,
    featured: false,
    drawFrequency: null,
    days: 14,
  },
];
