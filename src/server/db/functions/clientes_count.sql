-- A cliente counts in its vendedor's, micro-franquia's, franquia's and franqueador's scope_counts (trigger on clientes).
-- Defined by migration 0003; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.clientes_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add_clientes"("cliente_scope_path"(OLD."vendedor_id", OLD."micro_franquia_id"), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add_clientes"("cliente_scope_path"(NEW."vendedor_id", NEW."micro_franquia_id"), 1);
  END IF;
  RETURN NULL;
END $function$;
