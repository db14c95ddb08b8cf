from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.transfer_domain_response_200_status import TransferDomainResponse200Status

if TYPE_CHECKING:
    from ..models.transfer_domain_response_200_domain import TransferDomainResponse200Domain


T = TypeVar("T", bound="TransferDomainResponse200")


@_attrs_define
class TransferDomainResponse200:
    """
    Attributes:
        status (TransferDomainResponse200Status):
        message (str):
        domain (TransferDomainResponse200Domain):
        order_id (int): The transfer entry in the activity ledger
    """

    status: TransferDomainResponse200Status
    message: str
    domain: TransferDomainResponse200Domain
    order_id: int

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        domain = self.domain.to_dict()

        order_id = self.order_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "domain": domain,
                "order_id": order_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.transfer_domain_response_200_domain import TransferDomainResponse200Domain  # noqa: PLC0415

        d = dict(src_dict)
        status = TransferDomainResponse200Status(d.pop("status"))

        message = d.pop("message")

        domain = TransferDomainResponse200Domain.from_dict(d.pop("domain"))

        order_id = d.pop("order_id")

        transfer_domain_response_200 = cls(
            status=status,
            message=message,
            domain=domain,
            order_id=order_id,
        )

        return transfer_domain_response_200
