import { Footer } from './Footer';
import { Testimonials } from './Testimonials';

/** Testimonials and footer: below the fold, so they load in their own chunk after the hero. */
export default function BelowTheFold() {
  return (
    <>
      <Testimonials />
      <Footer />
    </>
  );
}
