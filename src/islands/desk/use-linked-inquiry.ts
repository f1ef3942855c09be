import { useEffect, useState } from 'react';
import { inquiryIdFromHash } from '@shared/desk-link';

/** The inquiry id the location hash names (`#inquiries/<id>`, from the owner's notification e-mail), as it changes. */
export function useLinkedInquiry(): string | undefined {
  const [id, setId] = useState<string>();
  useEffect(() => {
    const follow = () => setId(inquiryIdFromHash(window.location.hash));
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return id;
}
