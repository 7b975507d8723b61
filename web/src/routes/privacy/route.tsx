import { LegalPage } from '../../components/LegalPage';

/** /privacy: placeholder policy page (spec 2, route table). */
function PrivacyPage() {
  return (
    <LegalPage
      title="legal.privacy.title"
      paragraphs={['legal.privacy.placeholder', 'legal.privacy.storage', 'legal.privacy.requests']}
    />
  );
}

export { PrivacyPage as Component };
