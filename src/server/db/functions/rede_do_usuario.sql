-- The franqueador whose network a person works in (ADR 162): a franqueador's own; else its franquia's; a cliente's
-- school's, a vendedor record's or a micro-franquia's branch, up to its franquia's franqueador. An aluno has none of
-- these links: null, each network sees it by its own (alunos).
-- Defined by migration 0093; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.rede_do_usuario(franqueador uuid, franquia uuid, micro uuid, cliente uuid, usuario uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(
    "franqueador",
    (SELECT f."franqueador_id" FROM "franquias" f WHERE f."id" = "franquia"),
    (SELECT f."franqueador_id" FROM "clientes" c JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
      JOIN "franquias" f ON f."id" = m."franquia_id" WHERE c."id" = "cliente"),
    (SELECT f."franqueador_id" FROM "vendedores" v JOIN "micro_franquias" m ON m."id" = v."micro_franquia_id"
      JOIN "franquias" f ON f."id" = m."franquia_id" WHERE v."user_id" = "usuario"),
    (SELECT f."franqueador_id" FROM "micro_franquias" m JOIN "franquias" f ON f."id" = m."franquia_id"
      WHERE m."id" = "micro")
  )
$function$;
