import { createHash } from 'node:crypto';

/**
 * The two inline scripts every HTML page runs before its first paint (web/prerender/plugin.ts puts them
 * in place). Plain ES5 with no interpolation: CloudFront's Content-Security-Policy allows exactly these
 * by their SHA-256 (infra/constructs/web-site.ts).
 *
 * HEAD_SCRIPT, in <head>, before the body is parsed:
 *  - picks the start language the app will pick when it is known locally (stored choice, then browser
 *    language; the rules of shared/i18n/language.ts, checked by tests/unit/boot-script.test.ts); when
 *    it is not the prerendered default, `<html data-prerender-swap>` keeps the default-language page
 *    hidden (index.html's inline style) until BODY_SCRIPT has swapped in the visitor's language, so
 *    the page is painted once, in the right language;
 *  - applies the stored dark mode and reduced-motion choices (web/src/settings/apply.ts does the same);
 *  - marks `<html data-session>` when a Cognito session is stored, so the prerendered 'Entrar' link
 *    stays hidden for a signed-in visitor until the app knows who they are.
 */
export const HEAD_SCRIPT = `(function () {
  var h = document.documentElement, s = null;
  try { s = window.localStorage; } catch (e) {}
  function get(key) { try { return s ? s.getItem(key) : null; } catch (e) { return null; } }
  var known = { 'pt-BR': 1, 'en-US': 1, 'es-ES': 1 }, byPrefix = { pt: 'pt-BR', es: 'es-ES', en: 'en-US' };
  var lang = get('preferred-language');
  if (!known[lang]) {
    lang = null;
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < tags.length && !lang; i++) {
      lang = byPrefix[String(tags[i] || '').trim().toLowerCase().split(/[-_]/)[0]] || null;
    }
  }
  if (lang && lang !== 'pt-BR') h.setAttribute('data-prerender-swap', lang);
  try {
    var settings = JSON.parse(get('5d.settings') || 'null');
    if (settings && settings.darkMode === false) {
      h.classList.remove('dark');
      h.classList.add('light');
      h.style.colorScheme = 'light';
    }
    if (settings && settings.reducedMotion === true) h.classList.add('reduce-motion');
  } catch (e) {}
  try {
    for (var k = 0; s && k < s.length; k++) {
      var key = s.key(k) || '';
      if (key.indexOf('CognitoIdentityServiceProvider.') === 0 && /\\.LastAuthUser$/.test(key)) {
        h.setAttribute('data-session', '');
      }
    }
  } catch (e) {}
})();`;

/**
 * BODY_SCRIPT, right after #root and the prerendered <template>s:
 *  - remembers taps on prerendered buttons made before the app is live (`<html data-app-live>`, set by
 *    main.tsx when it hydrates), which the app replays once hydrated (lib/hydration.ts): a visitor who
 *    taps the chat button on a fast-painted page is not ignored;
 *  - swaps the visitor's language's prerendered page into #root (HEAD_SCRIPT chose it), so the app
 *    hydrates what is shown, and unhides #root;
 *  - once the first contentful paint is on screen, preloads the app's modules (`<link data-app-module>`, listed
 *    by the build; a few per task) and runs its entry (`data-app-entry`): the HTML and CSS draw the page without
 *    sharing the network with scripts, and hydration never delays that first paint (a hidden tab
 *    paints no frame: there it starts at once).
 */
export const BODY_SCRIPT = `(function () {
  var d = document, h = d.documentElement, r = d.getElementById('root');
  var early = (window.__earlyClicks = []);
  d.addEventListener('click', function (e) {
    if (h.hasAttribute('data-app-live')) return;
    var b = e.target && e.target.closest ? e.target.closest('button') : null;
    if (b && (b.type === 'button' || !b.form) && early.indexOf(b) === -1) early.push(b);
  }, true);
  var lang = h.getAttribute('data-prerender-swap');
  if (lang && r && r.getAttribute('data-prerendered') && r.getAttribute('data-prerendered') !== lang) {
    var t = d.getElementById('prerender-' + lang);
    if (t && t.content) {
      r.replaceChildren(t.content.cloneNode(true));
      r.setAttribute('data-prerendered', lang);
      h.lang = lang;
    }
  }
  h.removeAttribute('data-prerender-swap');
  var entry = d.querySelector('link[data-app-entry]');
  if (entry) {
    var started = false;
    var start = function () {
      if (started) return;
      started = true;
      var modules = d.querySelectorAll('link[data-app-module]'), next = 0;
      // A few preloads per task (each costs the main thread about a millisecond), then the entry.
      var preloadSome = function () {
        for (var end = Math.min(next + 5, modules.length); next < end; next++) {
          var preload = d.createElement('link');
          preload.rel = 'modulepreload';
          if (modules[next].hasAttribute('crossorigin')) preload.crossOrigin = modules[next].getAttribute('crossorigin');
          preload.href = modules[next].href;
          d.head.appendChild(preload);
        }
        if (next < modules.length) return void setTimeout(preloadSome, 0);
        var script = d.createElement('script');
        script.type = 'module';
        if (entry.hasAttribute('crossorigin')) script.crossOrigin = entry.getAttribute('crossorigin');
        script.src = entry.href;
        d.head.appendChild(script);
      };
      preloadSome();
    };
    // Once the first contentful paint is on screen (reported by Paint Timing; without it, two frames
    // later; at the latest after 2 s). A hidden tab paints nothing: it starts at once (or when shown).
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (d.visibilityState === 'hidden') start();
    else if (types && types.indexOf('paint') !== -1) {
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
    } else requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
    setTimeout(start, 2000);
    d.addEventListener('visibilitychange', start);
  }
})();`;

/** The CSP sources allowing both inline scripts (`script-src`). */
export function bootScriptCspSources(): string[] {
  return [HEAD_SCRIPT, BODY_SCRIPT].map(
    (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
  );
}
