import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { EDGE_CACHE_MAX_SECONDS } from '../../shared/edge-cache';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../shared/i18n/language';

/**
 * CloudFront's side of the public reads (issue 16, shared/edge-cache.ts): the answers say how long they
 * may be kept (`s-maxage`, `stale-while-revalidate`) and CloudFront keeps them, keyed on the query string
 * and the viewer's language only. The language is normalised at the edge to one of the app's three
 * (a viewer-request function), so `pt-BR,pt;q=0.9,en;q=0.8` and `pt-PT` share one cache entry. Nothing
 * that identifies the viewer reaches the origin: no cookies, no viewer headers, and no Authorization —
 * except on `/api/projects`, where creators also POST (there the header is part of the key, so a
 * signed-in request can never be answered with another's entry; the app sends none on public reads).
 */
export class EdgeCache extends Construct {
  public readonly publicReads: cloudfront.CachePolicy;
  public readonly publicReadsWithAuthorization: cloudfront.CachePolicy;
  public readonly originRequest: cloudfront.OriginRequestPolicy;
  public readonly language: cloudfront.Function;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const common = {
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      // Nothing is kept unless the answer says so (errors and per-user answers are `no-store`).
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(EDGE_CACHE_MAX_SECONDS),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    };
    this.publicReads = new cloudfront.CachePolicy(this, 'PublicReads', {
      comment: '5D public API reads: query string + language',
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Accept-Language'),
      ...common,
    });
    this.publicReadsWithAuthorization = new cloudfront.CachePolicy(this, 'PublicReadsWithAuthorization', {
      comment: '5D /api/projects: public reads (no Authorization) and creators publishing (with it)',
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Accept-Language', 'Authorization'),
      ...common,
    });
    this.originRequest = new cloudfront.OriginRequestPolicy(this, 'PublicReadsOrigin', {
      comment: '5D public API reads: the query string, nothing about the viewer',
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    this.language = new cloudfront.Function(this, 'ViewerLanguage', {
      comment: 'Accept-Language reduced to one of the app languages (cache key)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(languageFunctionCode()),
    });
  }
}

/** The viewer-request function: the first of the viewer's languages the app speaks, else the default. */
export function languageFunctionCode(): string {
  const byPrefix = Object.fromEntries(LANGUAGES.map((language) => [language.slice(0, 2), language]));
  return `var languages = ${JSON.stringify(byPrefix)};
function handler(event) {
  var request = event.request;
  var header = request.headers['accept-language'];
  var chosen = '${DEFAULT_LANGUAGE}';
  if (header) {
    var tags = header.value.split(',');
    for (var i = 0; i < tags.length; i++) {
      var primary = tags[i].trim().split(';')[0].split('-')[0].toLowerCase();
      if (languages[primary]) { chosen = languages[primary]; break; }
    }
  }
  request.headers['accept-language'] = { value: chosen };
  return request;
}`;
}
