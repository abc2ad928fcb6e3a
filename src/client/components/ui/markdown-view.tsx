import { Fragment, type ReactNode } from 'react';
import { type Bloco, type Inline, parseMarkdown } from '@shared/contrato/markdown';
import { cn } from '@/lib/utils';

function Partes({ partes }: { partes: Inline[] }) {
  return (
    <>
      {partes.map((parte, i) =>
        parte.tipo === 'texto' ? (
          <Fragment key={i}>{parte.texto}</Fragment>
        ) : parte.tipo === 'negrito' ? (
          <strong key={i}>
            <Partes partes={parte.partes} />
          </strong>
        ) : (
          <em key={i}>
            <Partes partes={parte.partes} />
          </em>
        ),
      )}
    </>
  );
}

function BlocoView({ bloco, nivelBase }: { bloco: Bloco; nivelBase: 2 | 3 }) {
  switch (bloco.tipo) {
    case 'titulo': {
      // The page has its own h1: a document's headings start one level below the section holding it.
      const nivel = Math.min(6, nivelBase + bloco.nivel - 1);
      const Tag = `h${nivel}` as 'h2';
      return (
        <Tag
          className={cn('font-semibold', bloco.nivel === 1 ? 'text-xl' : bloco.nivel === 2 ? 'text-lg' : 'text-base')}
        >
          <Partes partes={bloco.partes} />
        </Tag>
      );
    }
    case 'paragrafo':
      return (
        <p>
          {bloco.linhas.map((linha, i) => (
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              <Partes partes={linha} />
            </Fragment>
          ))}
        </p>
      );
    case 'lista': {
      const Tag = bloco.ordenada ? 'ol' : 'ul';
      return (
        <Tag className={cn('grid gap-1 pl-6', bloco.ordenada ? 'list-decimal' : 'list-disc')}>
          {bloco.itens.map((item, i) => (
            <li key={i}>
              <Partes partes={item} />
            </li>
          ))}
        </Tag>
      );
    }
    case 'separador':
      return <hr className="border-border" />;
  }
}

/**
 * A contract's Markdown (issue 42), as React elements only: no HTML is ever parsed or injected, so whatever a
 * template holds is shown as text or as the few formats the subset knows (src/shared/contrato/markdown.ts).
 */
export function MarkdownView({
  texto,
  nivelBase = 3,
  className,
  children,
}: {
  texto: string;
  nivelBase?: 2 | 3;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('grid gap-3 text-sm leading-relaxed [overflow-wrap:anywhere]', className)}>
      {parseMarkdown(texto).map((bloco, i) => (
        <BlocoView key={i} bloco={bloco} nivelBase={nivelBase} />
      ))}
      {children}
    </div>
  );
}
