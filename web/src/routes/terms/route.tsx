import { LegalPage } from '../../components/LegalPage';

/** /terms: placeholder terms page (spec 2, route table). */
function TermsPage() {
  return (
    <LegalPage title="legal.terms.title" paragraphs={['legal.terms.placeholder', 'legal.terms.bookings']} />
  );
}

export { TermsPage as Component };
