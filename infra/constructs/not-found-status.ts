import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import { APP_ROUTES, routePattern } from '../../web/src/route-paths';

/**
 * The viewer-request rewrite stores the path the viewer asked for in this header before pointing the
 * request at an HTML file, so the viewer-response function judges the page path, not the file.
 */
export const ORIGINAL_URI_HEADER = 'x-5d-original-uri';

/**
 * CloudFront Function code (viewer response): a page path the app has no route for (web/src/route-paths.ts)
 * keeps the HTML (the app draws its not-found page) but answers 404, so crawlers and monitors see a
 * missing page as missing. Files (a dot in the last segment) and non-200 answers pass untouched.
 */
export function notFoundStatusCode(): string {
  const patterns = APP_ROUTES.map((route) => `/${routePattern(route.path).replace(/\//g, '\\/')}/`);
  return `var known = [${patterns.join(', ')}];
function handler(event) {
  var request = event.request;
  var response = event.response;
  var stashed = request.headers['${ORIGINAL_URI_HEADER}'];
  var uri = stashed ? stashed.value : request.uri;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  var last = path.split('/').pop();
  if (response.statusCode !== 200 || last.indexOf('.') !== -1) return response;
  for (var i = 0; i < known.length; i++) if (known[i].test(path)) return response;
  response.statusCode = 404;
  response.statusDescription = 'Not Found';
  return response;
}`;
}

/** The function above, to associate with the web behaviour as its viewer-response function. */
export class NotFoundStatus extends Construct {
  public readonly function: cloudfront.Function;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.function = new cloudfront.Function(this, 'Function', {
      code: cloudfront.FunctionCode.fromInline(notFoundStatusCode()),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Unknown app paths answer 404 (the app still draws its not-found page)',
    });
  }
}
