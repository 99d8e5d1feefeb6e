import type { OfferProvider } from '../../../../contract/offer-walls';
import { ayetstudios } from './ayetstudios';
import { bitlabs } from './bitlabs';
import { generic } from './generic';
import type { OfferWallProvider } from './provider';
import { revlum } from './revlum';
import { revtoo } from './revtoo';

export const PROVIDERS: Record<OfferProvider, OfferWallProvider> = {
  generic,
  bitlabs,
  ayetstudios,
  revtoo,
  revlum,
};
