import { describe, expect, it } from 'vitest';
import { checkInputPolicy, foldText, inputPolicyMessage } from '../../shared/generation/input-policy';

describe('INPUT_POLICY: artist and band names', () => {
  it.each([
    ['pt', 'uma batida no estilo do Alok para festa'],
    ['pt', 'trap pesado igual Matuê, 808 distorcido'],
    ['pt', 'rock nacional tipo Legião Urbana'],
    ['en', 'make it sound like Taylor Swift'],
    ['en', 'a techno banger like charlotte de witte'],
    ['en', 'BEYONCÉ vibes with a funky bassline'],
    ['en', 'daft punk style robot vocals'],
    ['es', 'un reggaetón como Bad Bunny'],
    ['es', 'pop latino al estilo de Rosalia'],
    ['es', 'una canción parecida a Soda Stereo'],
    ['credit', 'summer pop song feat. Someone Unknown'],
  ])('refuses a %s prompt naming an artist: %s', (_lang, prompt) => {
    const verdict = checkInputPolicy(prompt);
    expect(verdict.allowed).toBe(false);
    expect(verdict.reason).toBe('artist');
  });

  it('checks the lyrics too', () => {
    expect(checkInputPolicy('calm ambient piece', 'dedicated to Ed Sheeran').reason).toBe('artist');
  });
});

describe('INPUT_POLICY: producer tags', () => {
  it.each([
    ['en', 'dark trap beat, DJ X on the beat'],
    ['en', 'start with "Murda on the beat so it\'s not nice"'],
    ['en', 'hard drill, prod. by Zeus'],
    ['en', 'add a producer tag at the start'],
    ['pt', 'funk com DJ Fulano no beat'],
    ['pt', 'coloca uma tag de produtor no começo'],
    ['pt', 'beat produzido por Fulano'],
    ['es', 'dembow con DJ Pepe en el beat'],
    ['es', 'producido por Tainy, con tag de productor'],
    ['en', 'London on da track'],
  ])('refuses a %s prompt carrying a producer tag: %s', (_lang, prompt) => {
    const verdict = checkInputPolicy(prompt);
    expect(verdict.allowed).toBe(false);
    expect(verdict.reason).toBe('producer_tag');
  });
});

describe('INPUT_POLICY: both, and what stays allowed', () => {
  it('reports both when a prompt names an artist and carries a tag', () => {
    expect(checkInputPolicy('Drake type beat, DJ X on the beat').reason).toBe('both');
  });

  it.each([
    ['pt', 'uma batida de trap com 808 pesado e chimbal rápido'],
    ['pt', 'música sobre o futuro, clima de rainha da noite'],
    ['pt', 'funk melódico com batida marcante no beat do tamborzão'],
    ['en', 'a dark techno track with a kick on every beat'],
    ['en', 'future bass drop, queen of the night, oasis in the desert'],
    ['en', 'lofi beat produced by a drum machine, 10 ft tall synths'],
    ['en', 'drum & bass with a rolling reese bass'],
    ['es', 'una canción de reggaetón sobre la playa y la aventura'],
    ['es', 'house melódico para un residente del barrio'],
  ])('allows an honest %s prompt: %s', (_lang, prompt) => {
    expect(checkInputPolicy(prompt)).toEqual({ allowed: true, matches: [] });
  });

  it('matches whole words only ("Sia" is not inside "Asia")', () => {
    expect(checkInputPolicy('ambient journey through asia').allowed).toBe(true);
    expect(checkInputPolicy('ambient in the style of Sia').allowed).toBe(false);
  });

  it('folds accents, case and punctuation', () => {
    expect(foldText('  Marília-MENDONÇA!! ')).toBe(' marilia mendonca ');
  });

  it('gives the spec texts per reason', () => {
    expect(inputPolicyMessage('artist')).toBe('Remova nomes de artistas/bandas do seu prompt.');
    expect(inputPolicyMessage('producer_tag')).toBe("Remova tags de produtor como 'DJ X on the beat'.");
    expect(inputPolicyMessage('both')).toMatch(/artistas\/bandas.*tags de produtor/);
  });
});
