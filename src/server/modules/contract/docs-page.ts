/**
 * The API reference page (/api/docs): a static HTML page, a stylesheet and a small same-origin script that reads
 * /api/openapi.json and renders it. No inline script and no third-party origin, so the app's CSP
 * (`script-src 'self'`) holds as on every other page. Kept as strings so the server bundle carries them.
 */

export const DOCS_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Referência da API da Rede Crédito Educacional, gerada dos esquemas das rotas." />
    <title>Referência da API — Rede Crédito Educacional</title>
    <link rel="stylesheet" href="/api/docs/docs.css" />
    <script src="/api/docs/docs.js" defer></script>
  </head>
  <body>
    <header class="top">
      <h1>Referência da API</h1>
      <p id="intro">Carregando o documento OpenAPI…</p>
      <p class="links">
        <a href="/api/openapi.json">Baixar o documento OpenAPI 3.1 (JSON)</a>
      </p>
    </header>
    <div class="layout">
      <nav aria-label="Grupos de rotas" id="tags"></nav>
      <main id="conteudo">
        <div class="filter">
          <label for="filtro">Filtrar rotas</label>
          <input id="filtro" type="search" placeholder="ex.: leads, POST, franquia" autocomplete="off" />
          <p id="contagem" role="status" aria-live="polite"></p>
        </div>
        <div id="operacoes"></div>
      </main>
    </div>
  </body>
</html>
`;

export const DOCS_CSS = `*, *::before, *::after { box-sizing: border-box; }
html { font-family: Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  color: #0f172a; background: #f8fafc; line-height: 1.5; }
body { margin: 0; }
a { color: #1d4ed8; }
a:focus-visible, summary:focus-visible, input:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
code, .path, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: rgba(148, 163, 184, .2); padding: 0 .2rem; border-radius: .2rem; font-size: .9em; }
.top { background: #0f172a; color: #e2e8f0; padding: 1.25rem 1.5rem; }
.top h1 { margin: 0 0 .25rem; font-size: 1.5rem; color: #fff; }
.top p { margin: .25rem 0; max-width: 60rem; }
.top a { color: #bfdbfe; }
.layout { display: grid; grid-template-columns: 14rem minmax(0, 1fr); gap: 1.5rem; padding: 1.5rem;
  max-width: 80rem; margin: 0 auto; }
nav ul { list-style: none; margin: 0; padding: 0; position: sticky; top: 1rem; }
nav li a { display: block; padding: .35rem .5rem; border-radius: .375rem; text-decoration: none; color: #0f172a; }
nav li a:hover { background: #e0e7ff; }
.filter { margin-bottom: 1rem; }
.filter label { display: block; font-weight: 600; margin-bottom: .25rem; }
.filter input { width: 100%; max-width: 28rem; padding: .5rem .75rem; border: 1px solid #94a3b8;
  border-radius: .375rem; font-size: 1rem; }
#contagem { color: #475569; margin: .25rem 0 0; font-size: .875rem; }
section.tag { margin-bottom: 2rem; }
section.tag h2 { font-size: 1.25rem; margin: 0 0 .5rem; border-bottom: 1px solid #e2e8f0; padding-bottom: .25rem; }
details.op { background: #fff; border: 1px solid #e2e8f0; border-radius: .5rem; margin-bottom: .5rem; }
details.op > summary { cursor: pointer; padding: .6rem .75rem; display: flex; flex-wrap: wrap; gap: .5rem;
  align-items: baseline; list-style: none; }
details.op > summary::-webkit-details-marker { display: none; }
details.op > summary::before { content: '▸'; color: #475569; }
details.op[open] > summary::before { content: '▾'; }
.method { display: inline-block; min-width: 4.25rem; text-align: center; font-weight: 700; font-size: .8rem;
  padding: .1rem .4rem; border-radius: .25rem; color: #fff; }
.m-get { background: #1d4ed8; } .m-post { background: #15803d; } .m-patch { background: #b45309; }
.m-put { background: #7c3aed; } .m-delete { background: #b91c1c; }
.path { font-weight: 600; overflow-wrap: anywhere; }
.roles { color: #475569; font-size: .875rem; flex-basis: 100%; }
.op-body { padding: 0 .75rem .75rem; border-top: 1px solid #e2e8f0; }
.op-body h3 { font-size: 1rem; margin: .75rem 0 .25rem; }
.op-body p { margin: .25rem 0; }
.schema, .schema ul { list-style: none; margin: 0; padding-left: 1rem; border-left: 2px solid #e2e8f0; }
.schema { padding-left: .75rem; }
.schema li { margin: .15rem 0; overflow-wrap: anywhere; }
.prop { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; }
.type { color: #6d28d9; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .875rem; }
.req { color: #b91c1c; font-size: .8rem; font-weight: 600; }
.note { color: #475569; font-size: .875rem; }
.status { font-weight: 700; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
table.params { border-collapse: collapse; width: 100%; font-size: .9rem; }
table.params th, table.params td { text-align: left; border-bottom: 1px solid #e2e8f0; padding: .3rem .4rem;
  vertical-align: top; overflow-wrap: anywhere; }
.error { color: #fecaca; font-weight: 600; }
[hidden] { display: none !important; }
@media (max-width: 48rem) {
  .layout { grid-template-columns: minmax(0, 1fr); padding: 1rem; }
  nav ul { position: static; display: flex; flex-wrap: wrap; gap: .25rem; }
  nav li a { border: 1px solid #cbd5e1; padding: .25rem .5rem; }
  .top { padding: 1rem; }
  table.params th:nth-child(3), table.params td:nth-child(3) { display: none; }
}
`;

/** Plain ES2019 without template literals, so it can live in this file's template string. */
export const DOCS_JS = `'use strict';
(function () {
  var ROLE_LABELS = { franqueador: 'Franqueador', franquia: 'Franquia', micro_franquia: 'Micro-franquia',
    vendedor: 'Vendedor', cliente: 'Cliente', aluno: 'Aluno' };
  var METHODS = ['get', 'post', 'put', 'patch', 'delete'];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  /** Text with \`code\` spans, as the document's descriptions write them. */
  function rich(tag, attrs, text) {
    var node = el(tag, attrs);
    String(text || '').split('\u0060').forEach(function (part, i) {
      node.appendChild(i % 2 ? el('code', { text: part }) : document.createTextNode(part));
    });
    return node;
  }

  function resolve(doc, schema) {
    if (schema && typeof schema.$ref === 'string' && schema.$ref.indexOf('#/components/schemas/') === 0) {
      return doc.components.schemas[schema.$ref.slice(21)] || {};
    }
    return schema || {};
  }

  function typeOf(doc, raw) {
    var schema = resolve(doc, raw);
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum)) return schema.enum.map(function (v) { return JSON.stringify(v); }).join(' | ');
    var variants = schema.anyOf || schema.oneOf;
    if (Array.isArray(variants)) return variants.map(function (v) { return typeOf(doc, v); }).join(' | ');
    var type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
    if (type === 'array') return 'array de ' + typeOf(doc, schema.items || {});
    if (!type) return schema.properties ? 'object' : 'qualquer';
    var extra = [];
    if (schema.format) extra.push(schema.format);
    if (schema.minLength !== undefined) extra.push('mín. ' + schema.minLength);
    if (schema.maxLength !== undefined) extra.push('máx. ' + schema.maxLength);
    if (schema.minimum !== undefined) extra.push('≥ ' + schema.minimum);
    if (schema.maximum !== undefined) extra.push('≤ ' + schema.maximum);
    return type + (extra.length ? ' (' + extra.join(', ') + ')' : '');
  }

  function objectOf(doc, raw) {
    var schema = resolve(doc, raw);
    if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.indexOf('array') >= 0)) {
      return objectOf(doc, schema.items);
    }
    if (schema.properties) return schema;
    var variants = schema.anyOf || schema.oneOf || schema.allOf;
    if (Array.isArray(variants)) {
      for (var i = 0; i < variants.length; i++) {
        var found = objectOf(doc, variants[i]);
        if (found) return found;
      }
    }
    return null;
  }

  function schemaTree(doc, raw, depth) {
    var object = objectOf(doc, raw);
    if (!object || depth > 6) return el('p', {}, [el('span', { class: 'type', text: typeOf(doc, raw) })]);
    var required = object.required || [];
    var list = el('ul', { class: 'schema' });
    Object.keys(object.properties).forEach(function (name) {
      var prop = object.properties[name];
      var item = el('li', {}, [
        el('span', { class: 'prop', text: name }), ' ',
        el('span', { class: 'type', text: typeOf(doc, prop) }),
        required.indexOf(name) >= 0 ? el('span', { class: 'req', text: ' obrigatório' }) : null,
        prop.description ? el('span', { class: 'note', text: ' — ' + prop.description }) : null,
      ]);
      if (objectOf(doc, prop)) item.appendChild(schemaTree(doc, prop, depth + 1));
      list.appendChild(item);
    });
    return list;
  }

  function rolesText(op) {
    if (op['x-access'] === 'public') return 'Pública';
    if (op['x-access'] === 'authenticated') return 'Qualquer perfil com sessão';
    if (op['x-access'] === 'metrics-token') return 'Token de métricas';
    if (op['x-access'] === 'token') return 'Token do gateway (sem sessão)';
    return (op['x-roles'] || []).map(function (r) { return ROLE_LABELS[r] || r; }).join(', ');
  }

  /** What an operation's open panel shows; built on its first opening, so the page holds only the summaries. */
  function operationBody(doc, op) {
    var body = el('div', { class: 'op-body' }, [rich('p', {}, op.description)]);
    var params = op.parameters || [];
    if (params.length) {
      var rows = params.map(function (p) {
        return el('tr', {}, [
          el('td', {}, [el('span', { class: 'prop', text: p.name }), p.required ? el('span', { class: 'req', text: ' obrigatório' }) : null]),
          el('td', { text: p.in === 'path' ? 'caminho' : 'query' }),
          el('td', {}, [el('span', { class: 'type', text: typeOf(doc, p.schema) })]),
        ]);
      });
      body.appendChild(el('h3', { text: 'Parâmetros' }));
      body.appendChild(el('table', { class: 'params' }, [
        el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: 'Nome' }), el('th', { scope: 'col', text: 'Onde' }), el('th', { scope: 'col', text: 'Tipo' })])]),
        el('tbody', {}, rows),
      ]));
    }
    if (op.requestBody) {
      var media = op.requestBody.content['application/json'];
      body.appendChild(el('h3', { text: 'Corpo (JSON)' }));
      body.appendChild(schemaTree(doc, media && media.schema, 0));
    }
    body.appendChild(el('h3', { text: 'Respostas' }));
    Object.keys(op.responses || {}).forEach(function (status) {
      var response = op.responses[status];
      var types = Object.keys(response.content || {});
      var line = rich('p', {}, ' ' + (response.description || ''));
      line.insertBefore(el('span', { class: 'status', text: status }), line.firstChild);
      if (types.length) line.appendChild(el('span', { class: 'note', text: ' (' + types.join(', ') + ')' }));
      body.appendChild(line);
      if (/^2/.test(status) && types.length && types[0] === 'application/json') {
        body.appendChild(schemaTree(doc, response.content[types[0]].schema, 0));
      }
    });
    return body;
  }

  function operation(doc, path, method, op) {
    var details = el('details', { class: 'op', 'data-search': (method + ' ' + path + ' ' + rolesText(op) + ' ' + (op.tags || []).join(' ')).toLowerCase() }, [
      el('summary', {}, [
        el('span', { class: 'method m-' + method, text: method.toUpperCase() }),
        el('span', { class: 'path', text: path }),
        el('span', { class: 'roles', text: 'Quem pode: ' + rolesText(op) }),
      ]),
    ]);
    details.addEventListener('toggle', function () {
      if (details.open && details.childElementCount === 1) details.appendChild(operationBody(doc, op));
    });
    return details;
  }

  function render(doc) {
    var intro = document.getElementById('intro');
    intro.replaceWith(rich('p', { id: 'intro' }, doc.info.description));
    var groups = {};
    Object.keys(doc.paths).forEach(function (path) {
      METHODS.forEach(function (method) {
        var op = doc.paths[path][method];
        if (!op) return;
        var tag = (op.tags && op.tags[0]) || 'api';
        (groups[tag] = groups[tag] || []).push(operation(doc, path, method, op));
      });
    });
    var nav = el('ul');
    var container = document.getElementById('operacoes');
    Object.keys(groups).sort().forEach(function (tag) {
      var id = 'grupo-' + tag;
      nav.appendChild(el('li', {}, [el('a', { href: '#' + id, text: tag + ' (' + groups[tag].length + ')' })]));
      container.appendChild(el('section', { class: 'tag', id: id, 'aria-labelledby': id + '-titulo' }, [el('h2', { id: id + '-titulo', text: tag })].concat(groups[tag])));
    });
    document.getElementById('tags').appendChild(nav);
    var total = container.querySelectorAll('details.op').length;
    var count = document.getElementById('contagem');
    count.textContent = total + ' operações';
    document.getElementById('filtro').addEventListener('input', function (event) {
      var words = event.target.value.toLowerCase().split(/\\s+/).filter(Boolean);
      var shown = 0;
      container.querySelectorAll('section.tag').forEach(function (section) {
        var visible = 0;
        section.querySelectorAll('details.op').forEach(function (op) {
          var text = op.getAttribute('data-search');
          var match = words.every(function (w) { return text.indexOf(w) >= 0; });
          op.hidden = !match;
          if (match) visible++;
        });
        section.hidden = visible === 0;
        shown += visible;
      });
      count.textContent = words.length ? shown + ' de ' + total + ' operações' : total + ' operações';
    });
  }

  function start() {
    fetch('/api/openapi.json', { credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(render)
      .catch(function () {
        var intro = document.getElementById('intro');
        intro.textContent = 'Não foi possível carregar o documento OpenAPI. Recarregue a página.';
        intro.className = 'error';
      });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;
