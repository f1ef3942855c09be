// Default imports only: Netlify's function bundler takes no named import of a JSON module.
import contractJson from '@content/contract.json' with { type: 'json' };
import { checkContractContent } from './schemas/contract';

/** The contract's words of content/contract.json, checked: the current terms a new proposal is frozen from. */
export const CONTRACT = checkContractContent(contractJson);
