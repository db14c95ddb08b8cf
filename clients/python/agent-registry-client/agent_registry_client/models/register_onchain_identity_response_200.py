from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.register_onchain_identity_response_200_status import RegisterOnchainIdentityResponse200Status

if TYPE_CHECKING:
    from ..models.register_onchain_identity_response_200_domain import RegisterOnchainIdentityResponse200Domain
    from ..models.register_onchain_identity_response_200_erc_8004 import RegisterOnchainIdentityResponse200Erc8004
    from ..models.register_onchain_identity_response_200_order import RegisterOnchainIdentityResponse200Order


T = TypeVar("T", bound="RegisterOnchainIdentityResponse200")


@_attrs_define
class RegisterOnchainIdentityResponse200:
    """
    Attributes:
        status (RegisterOnchainIdentityResponse200Status):
        message (str):
        session_id (str):
        domain (RegisterOnchainIdentityResponse200Domain):
        erc8004 (RegisterOnchainIdentityResponse200Erc8004):
        order (RegisterOnchainIdentityResponse200Order):
    """

    status: RegisterOnchainIdentityResponse200Status
    message: str
    session_id: str
    domain: RegisterOnchainIdentityResponse200Domain
    erc8004: RegisterOnchainIdentityResponse200Erc8004
    order: RegisterOnchainIdentityResponse200Order

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        session_id = self.session_id

        domain = self.domain.to_dict()

        erc8004 = self.erc8004.to_dict()

        order = self.order.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "session_id": session_id,
                "domain": domain,
                "erc8004": erc8004,
                "order": order,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.register_onchain_identity_response_200_domain import RegisterOnchainIdentityResponse200Domain  # noqa: PLC0415
        from ..models.register_onchain_identity_response_200_erc_8004 import RegisterOnchainIdentityResponse200Erc8004  # noqa: PLC0415
        from ..models.register_onchain_identity_response_200_order import RegisterOnchainIdentityResponse200Order  # noqa: PLC0415

        d = dict(src_dict)
        status = RegisterOnchainIdentityResponse200Status(d.pop("status"))

        message = d.pop("message")

        session_id = d.pop("session_id")

        domain = RegisterOnchainIdentityResponse200Domain.from_dict(d.pop("domain"))

        erc8004 = RegisterOnchainIdentityResponse200Erc8004.from_dict(d.pop("erc8004"))

        order = RegisterOnchainIdentityResponse200Order.from_dict(d.pop("order"))

        register_onchain_identity_response_200 = cls(
            status=status,
            message=message,
            session_id=session_id,
            domain=domain,
            erc8004=erc8004,
            order=order,
        )

        return register_onchain_identity_response_200
