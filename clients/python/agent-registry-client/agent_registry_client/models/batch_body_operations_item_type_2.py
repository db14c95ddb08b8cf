from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.batch_body_operations_item_type_2_op import BatchBodyOperationsItemType2Op
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_body_operations_item_type_2_records_item import BatchBodyOperationsItemType2RecordsItem


T = TypeVar("T", bound="BatchBodyOperationsItemType2")


@_attrs_define
class BatchBodyOperationsItemType2:
    """
    Attributes:
        op (BatchBodyOperationsItemType2Op):
        domain (str): Full name ("scout.agent")
        records (list[BatchBodyOperationsItemType2RecordsItem]):
        idempotency_key (str | Unset): The operation’s own Idempotency-Key (for renew and records; the others are
            idempotent by nature)
    """

    op: BatchBodyOperationsItemType2Op
    domain: str
    records: list[BatchBodyOperationsItemType2RecordsItem]
    idempotency_key: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        op = self.op.value

        domain = self.domain

        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)

        idempotency_key = self.idempotency_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "op": op,
                "domain": domain,
                "records": records,
            }
        )
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_body_operations_item_type_2_records_item import BatchBodyOperationsItemType2RecordsItem  # noqa: PLC0415

        d = dict(src_dict)
        op = BatchBodyOperationsItemType2Op(d.pop("op"))

        domain = d.pop("domain")

        records = []
        _records = d.pop("records")
        for records_item_data in _records:
            records_item = BatchBodyOperationsItemType2RecordsItem.from_dict(records_item_data)

            records.append(records_item)

        idempotency_key = d.pop("idempotency_key", UNSET)

        batch_body_operations_item_type_2 = cls(
            op=op,
            domain=domain,
            records=records,
            idempotency_key=idempotency_key,
        )

        return batch_body_operations_item_type_2
