from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.batch_body_operations_item_type_3_op import BatchBodyOperationsItemType3Op
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchBodyOperationsItemType3")


@_attrs_define
class BatchBodyOperationsItemType3:
    """
    Attributes:
        op (BatchBodyOperationsItemType3Op):
        domain (str): Full name ("scout.agent")
        idempotency_key (str | Unset): The operation’s own Idempotency-Key (for renew and records; the others are
            idempotent by nature)
    """

    op: BatchBodyOperationsItemType3Op
    domain: str
    idempotency_key: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        op = self.op.value

        domain = self.domain

        idempotency_key = self.idempotency_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "op": op,
                "domain": domain,
            }
        )
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        op = BatchBodyOperationsItemType3Op(d.pop("op"))

        domain = d.pop("domain")

        idempotency_key = d.pop("idempotency_key", UNSET)

        batch_body_operations_item_type_3 = cls(
            op=op,
            domain=domain,
            idempotency_key=idempotency_key,
        )

        return batch_body_operations_item_type_3
