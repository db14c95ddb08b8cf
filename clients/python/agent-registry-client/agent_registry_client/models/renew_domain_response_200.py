from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.renew_domain_response_200_status import RenewDomainResponse200Status

if TYPE_CHECKING:
    from ..models.renew_domain_response_200_domain import RenewDomainResponse200Domain
    from ..models.renew_domain_response_200_order import RenewDomainResponse200Order


T = TypeVar("T", bound="RenewDomainResponse200")


@_attrs_define
class RenewDomainResponse200:
    """
    Attributes:
        status (RenewDomainResponse200Status):
        message (str):
        session_id (str):
        domain (RenewDomainResponse200Domain):
        order (RenewDomainResponse200Order):
    """

    status: RenewDomainResponse200Status
    message: str
    session_id: str
    domain: RenewDomainResponse200Domain
    order: RenewDomainResponse200Order

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        session_id = self.session_id

        domain = self.domain.to_dict()

        order = self.order.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "session_id": session_id,
                "domain": domain,
                "order": order,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.renew_domain_response_200_domain import RenewDomainResponse200Domain  # noqa: PLC0415
        from ..models.renew_domain_response_200_order import RenewDomainResponse200Order  # noqa: PLC0415

        d = dict(src_dict)
        status = RenewDomainResponse200Status(d.pop("status"))

        message = d.pop("message")

        session_id = d.pop("session_id")

        domain = RenewDomainResponse200Domain.from_dict(d.pop("domain"))

        order = RenewDomainResponse200Order.from_dict(d.pop("order"))

        renew_domain_response_200 = cls(
            status=status,
            message=message,
            session_id=session_id,
            domain=domain,
            order=order,
        )

        return renew_domain_response_200
