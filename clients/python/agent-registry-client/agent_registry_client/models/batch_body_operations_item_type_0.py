from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.batch_body_operations_item_type_0_op import BatchBodyOperationsItemType0Op
from ..models.batch_body_operations_item_type_0_payment_method import BatchBodyOperationsItemType0PaymentMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchBodyOperationsItemType0")


@_attrs_define
class BatchBodyOperationsItemType0:
    """
    Attributes:
        op (BatchBodyOperationsItemType0Op):
        domain (str): Full name ("scout.agent")
        years (int):
        idempotency_key (str | Unset): The operation’s own Idempotency-Key (for renew and records; the others are
            idempotent by nature)
        payment_method (BatchBodyOperationsItemType0PaymentMethod | Unset): gems only: a batch does not pay, so mpp (the
            route’s default) is refused with what to do
    """

    op: BatchBodyOperationsItemType0Op
    domain: str
    years: int
    idempotency_key: str | Unset = UNSET
    payment_method: BatchBodyOperationsItemType0PaymentMethod | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        op = self.op.value

        domain = self.domain

        years = self.years

        idempotency_key = self.idempotency_key

        payment_method: str | Unset = UNSET
        if not isinstance(self.payment_method, Unset):
            payment_method = self.payment_method.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "op": op,
                "domain": domain,
                "years": years,
            }
        )
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key
        if payment_method is not UNSET:
            field_dict["payment_method"] = payment_method

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        op = BatchBodyOperationsItemType0Op(d.pop("op"))

        domain = d.pop("domain")

        years = d.pop("years")

        idempotency_key = d.pop("idempotency_key", UNSET)

        _payment_method = d.pop("payment_method", UNSET)
        payment_method: BatchBodyOperationsItemType0PaymentMethod | Unset
        if isinstance(_payment_method, Unset):
            payment_method = UNSET
        else:
            payment_method = BatchBodyOperationsItemType0PaymentMethod(_payment_method)

        batch_body_operations_item_type_0 = cls(
            op=op,
            domain=domain,
            years=years,
            idempotency_key=idempotency_key,
            payment_method=payment_method,
        )

        return batch_body_operations_item_type_0
