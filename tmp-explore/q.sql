explain analyze select count(*) from clients where account_id = 1 and is_hidden = false and exists (
    select 1 from (values ('2026-11-16'::text, 0), ('2026-11-17',1),('2026-11-18',2),('2026-11-19',3),('2026-11-20',4),('2026-11-21',5),('2026-11-22',6),('2026-11-23',0),('2026-11-24',1),('2026-11-25',2),('2026-11-26',3),('2026-11-27',4),('2026-11-28',5),('2026-11-29',6)) as strip(day, plan_index)
    where clients.plan_dow -> strip.plan_index = '1'::jsonb
      and coalesce((
        select sum(quantity) from client_meal_choices
        where client_id = clients.id and date = strip.day
      ), 0) <= 0
  );
