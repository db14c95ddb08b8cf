from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.batch_body_operations_item_type_1_op import BatchBodyOperationsItemType1Op
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchBodyOperationsItemType1")


@_attrs_define
class BatchBodyOperationsItemType1:
    """
    Attributes:
        op (BatchBodyOperationsItemType1Op):
        domain (str): Full name ("scout.agent")
        enabled (bool):
        idempotency_key (str | Unset): The operation’s own Idempotency-Key (for renew and records; the others are
            idempotent by nature)
        max_gems (int | Unset): The most a one-year renewal may cost
    """

    op: BatchBodyOperationsItemType1Op
    domain: str
    enabled: bool
    idempotency_key: str | Unset = UNSET
    max_gems: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        op = self.op.value

        domain = self.domain

        enabled = self.enabled

        idempotency_key = self.idempotency_key

        max_gems = self.max_gems

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "op": op,
                "domain": domain,
                "enabled": enabled,
            }
        )
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key
        if max_gems is not UNSET:
            field_dict["max_gems"] = max_gems

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        op = BatchBodyOperationsItemType1Op(d.pop("op"))

        domain = d.pop("domain")

        enabled = d.pop("enabled")

        idempotency_key = d.pop("idempotency_key", UNSET)

        max_gems = d.pop("max_gems", UNSET)

        batch_body_operations_item_type_1 = cls(
            op=op,
            domain=domain,
            enabled=enabled,
            idempotency_key=idempotency_key,
            max_gems=max_gems,
        )

        return batch_body_operations_item_type_1
