import i18next, { type TFunction } from 'i18next';
import enUS from '../../web/src/i18n/locales/en-US';
import esES from '../../web/src/i18n/locales/es-ES';
import ptBR from '../../web/src/i18n/locales/pt-BR';

/** `t` of the web app's shell catalogue (auth, navigation, key names...) in one language, as the app uses it. */
export async function shellTranslator(language: 'pt-BR' | 'en-US' | 'es-ES'): Promise<TFunction> {
  const shell = { 'pt-BR': ptBR, 'en-US': enUS, 'es-ES': esES }[language];
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: shell } } });
  return instance.t;
}
