import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrigemVista } from '../../../shared/metas/origem';
import { preMatriculas, users, vendedores } from '../../db/schema';
import { type OrigemColumns, atribuida } from './drill';

/**
 * A row's origin as one JSON value (`OrigemVista`), null when the family came with none: the UTM fields, the share
 * link's code and the name of the vendedor whose link it was, read by its primary key for the page's rows only.
 */
function origemJson(t: OrigemColumns): SQL {
  return sql`case when ${atribuida(t)}
    then json_build_object('utmSource', ${t.utmSource}, 'utmMedium', ${t.utmMedium}, 'utmCampaign', ${t.utmCampaign},
      'utmContent', ${t.utmContent}, 'utmTerm', ${t.utmTerm}, 'linkCodigo', ${t.linkCodigo},
      'linkVendedorNome', (select coalesce(${users.nome}, 'vendedor') from ${vendedores} join ${users} on ${users.id} = ${vendedores.userId}
        where ${vendedores.id} = ${t.linkVendedorId})) end`;
}

/** A JSON value as the driver hands it: parsed already (node-postgres, PGlite) or as text. */
const lido = (value: unknown): OrigemVista | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as OrigemVista);

/** A lead's or a pré-matrícula's origin, for a list's selection or an export's batch. */
export const origemSelection = (t: OrigemColumns): SQL<OrigemVista | null> =>
  sql`${origemJson(t)}`.mapWith(lido) as SQL<OrigemVista | null>;

/** A matrícula's origin: its pré-matrícula's (issue 48), read by the pré-matrícula's primary key. */
export const origemDaPreMatriculaSelection = (preMatriculaId: AnyPgColumn): SQL<OrigemVista | null> =>
  sql`(select ${origemJson({
    utmSource: preMatriculas.utmSource,
    utmMedium: preMatriculas.utmMedium,
    utmCampaign: preMatriculas.utmCampaign,
    utmContent: preMatriculas.utmContent,
    utmTerm: preMatriculas.utmTerm,
    linkCodigo: preMatriculas.linkCodigo,
    linkVendedorId: preMatriculas.linkVendedorId,
  })} from ${preMatriculas} where ${preMatriculas.id} = ${preMatriculaId})`.mapWith(lido) as SQL<OrigemVista | null>;
