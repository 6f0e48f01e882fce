-- A bank order belongs to the trusted contractor whose relationship holds the order's business
-- case (decision 017): only that contractor lists and advances it. A bank order stored without
-- a business case gets its customer's BANKACCOUNT business case when the customer has exactly
-- one; with none or several, which contractor it belongs to is unknown, and it stays without
-- (the customer still sees it; no contractor does).
UPDATE orders AS o
SET business_case_id = only_case.id
FROM (
  SELECT r.customer_id, (array_agg(bc.id))[1] AS id
  FROM business_cases bc
  JOIN relationships r ON r.id = bc.relationship_id
  JOIN business_case_types t ON t.id = bc.business_case_type_id
  WHERE t.name = 'BANKACCOUNT'
  GROUP BY r.customer_id
  HAVING count(*) = 1
) AS only_case
WHERE o.order_type = 'BANKACCOUNT'
  AND o.business_case_id IS NULL
  AND o.institution_id = only_case.customer_id;
