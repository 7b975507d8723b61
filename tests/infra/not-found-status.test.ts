import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthPlatform } from './synth';

/**
 * Issue 18: an unknown path answered 200 with the not-found page. The web behaviour's viewer-request
 * function (SPA rewrite) and viewer-response function (404 status) are run here as CloudFront runs them,
 * one after the other on the same request, from the code in the synthesized template.
 */

type Headers = Record<string, { value: string }>;
type Request = { method: string; uri: string; headers: Headers };
type Response = { statusCode: number; statusDescription?: string; headers: Headers };
type Handler = (event: { request: Request; response?: Response }) => Request | Response;

let web: Template;
let viewerRequest: Handler;
let viewerResponse: Handler;

function functionCode(eventType: string): Handler {
  const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as {
    Properties: {
      DistributionConfig: {
        DefaultCacheBehavior: { FunctionAssociations: { EventType: string; FunctionARN: unknown }[] };
      };
    };
  };
  const association =
    distribution.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations.find(
      (item) => item.EventType === eventType,
    );
  expect(association, `a ${eventType} function on the web behaviour`).toBeDefined();
  const logicalId = (association!.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const resource = web.toJSON().Resources[logicalId] as { Properties: { FunctionCode: string } };
  return new Function(`${resource.Properties.FunctionCode}\nreturn handler;`)() as Handler;
}

/** A viewer GET through both functions: the status the viewer gets when S3 serves the rewritten file. */
function statusFor(uri: string, originStatus = 200): number {
  const request = viewerRequest({ request: { method: 'GET', uri, headers: {} } }) as Request;
  const response = viewerResponse({
    request,
    response: { statusCode: originStatus, headers: {} },
  }) as Response;
  return response.statusCode;
}

beforeAll(() => {
  web = Template.fromStack(synthPlatform().platform.web);
  viewerRequest = functionCode('viewer-request');
  viewerResponse = functionCode('viewer-response');
});

describe('CloudFront status of app paths', () => {
  it('associates a viewer-response function with the web behaviour', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: Match.arrayWith([Match.objectLike({ EventType: 'viewer-response' })]),
        }),
      }),
    });
  });

  it('answers 404 for a path the app has no page for, still serving the start screen', () => {
    const request = viewerRequest({
      request: { method: 'GET', uri: '/esta-pagina-nao-existe', headers: {} },
    }) as Request;
    expect(request.uri).toBe('/spa.html');
    expect(statusFor('/esta-pagina-nao-existe')).toBe(404);
    expect(statusFor('/marketplace/nao-existe')).toBe(404);
    expect(statusFor('/beat')).toBe(404);
  });

  it('answers 200 for every page of the app, with and without a trailing slash', () => {
    for (const uri of ['/', '/marketplace', '/marketplace/', '/beat/seed-beat-01', '/creator/kaio-beats']) {
      expect(statusFor(uri), uri).toBe(200);
    }
    for (const uri of ['/competitions/contract', '/ai-studio/stem-splitter', '/dashboard', '/thank-you']) {
      expect(statusFor(uri), uri).toBe(200);
    }
  });

  it('leaves files and non-200 answers alone', () => {
    expect(statusFor('/assets/index-abc123.js')).toBe(200);
    expect(statusFor('/config.json')).toBe(200);
    expect(statusFor('/assets/missing.js', 403)).toBe(403);
    expect(statusFor('/marketplace', 304)).toBe(304);
  });

  it('decides from the asked path even if the response event sees only the original request', () => {
    const response = viewerResponse({
      request: { method: 'GET', uri: '/nada-aqui', headers: {} },
      response: { statusCode: 200, headers: {} },
    }) as Response;
    expect(response.statusCode).toBe(404);
  });
});
