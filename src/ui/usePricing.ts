import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadPricing, planFigures, pricingStore } from '../state/pricing';

/** Plan figures for any page that mentions one (PRODUCT.md: the server owns them). */
export function usePricing() {
  const { pricing, status } = useSnapshot(pricingStore);
  useEffect(loadPricing, []);
  return { pricing, status, figures: planFigures(pricing) };
}
