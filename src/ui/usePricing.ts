import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadPricing, planFigures, pricingStore } from '../state/pricing';
import { useStoryteller } from './useStoryteller';

/** Plan figures and the storyteller for any page that mentions them (PRODUCT.md: the server owns them). */
export function usePricing() {
  const { pricing, status } = useSnapshot(pricingStore);
  const storyteller = useStoryteller();
  useEffect(loadPricing, []);
  return { pricing, status, figures: planFigures(pricing, storyteller) };
}
