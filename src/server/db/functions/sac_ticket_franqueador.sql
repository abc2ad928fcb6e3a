-- A ticket's network, set on insert: its franquia's, else its micro-franquia's franquia's, else its requester's.
-- Defined by migration 0021; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.sac_ticket_franqueador()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.franqueador_id := coalesce(
    (select f.franqueador_id from franquias f where f.id = NEW.franquia_id),
    (select f.franqueador_id from micro_franquias m join franquias f on f.id = m.franquia_id where m.id = NEW.micro_franquia_id),
    (select u.franqueador_id from users u where u.id = NEW.solicitante_id)
  );
  RETURN NEW;
END
$function$;
