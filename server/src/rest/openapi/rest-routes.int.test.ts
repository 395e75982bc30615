import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RestRoutes } from './rest-routes.js';

/** Two areas behind their path checks, then a fallback that names what reached it, on a real HTTP server. */
describe('RestRoutes.handler', () => {
  const seen: string[] = [];
  let base = '';
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const things = new RestRoutes()
      .add(
        {
          method: 'get',
          path: '/api/things/:id',
          summary: 'One thing',
          tags: ['things'],
          access: 'public',
          responses: { 200: z.object({}) },
        },
        (req, res) => {
          res.json({ area: 'things', id: req.params.id });
        },
      )
      .add(
        {
          method: 'post',
          path: ['/api/things', '/things'],
          summary: 'Add',
          tags: ['things'],
          access: 'public',
          responses: { 201: z.object({}) },
        },
        (_req, res) => {
          res.status(201).json({ area: 'things' });
        },
      );
    const others = new RestRoutes().add(
      {
        method: 'get',
        path: '/api/others',
        summary: 'Others',
        tags: ['others'],
        access: 'public',
        responses: { 200: z.object({}) },
      },
      (_req, res) => {
        res.json({ area: 'others' });
      },
    );
    const app = express();
    // Records which paths reach the things area's router, i.e. were not skipped by its check.
    app.use((req, _res, next) => {
      seen.push(req.path);
      next();
    });
    const probe = things.router;
    probe.use((req, _res, next) => {
      seen.push(`things-router:${req.path}`);
      next();
    });
    app.use(things.handler());
    app.use(others.handler());
    app.use((_req, res) => {
      res.status(404).json({ area: 'none' });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const call = async (method: string, path: string) => {
    seen.length = 0;
    const response = await fetch(base + path, { method });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      routerSaw: seen.filter((line) => line.startsWith('things-router:')),
    };
  };

  it('routes each path to its area, parameters, alternative paths and case-insensitive matches included', async () => {
    expect(await call('GET', '/api/things/7')).toMatchObject({ status: 200, body: { area: 'things', id: '7' } });
    expect(await call('GET', '/API/Things/8')).toMatchObject({ status: 200, body: { area: 'things', id: '8' } });
    expect(await call('POST', '/things')).toMatchObject({ status: 201, body: { area: 'things' } });
    expect(await call('GET', '/api/others')).toMatchObject({ status: 200, body: { area: 'others' } });
  });

  it("skips an area's router for a path outside its routes' literal starts", async () => {
    const other = await call('GET', '/api/others');
    expect(other.routerSaw).toEqual([]);
    const unknown = await call('GET', '/api/nothing');
    expect(unknown).toMatchObject({ status: 404, body: { area: 'none' }, routerSaw: [] });
    // A path inside the literal start that no route takes still goes through the router and falls through.
    const inside = await call('DELETE', '/api/things/9');
    expect(inside).toMatchObject({ status: 404, body: { area: 'none' } });
    expect(inside.routerSaw).toEqual(['things-router:/api/things/9']);
  });
});
