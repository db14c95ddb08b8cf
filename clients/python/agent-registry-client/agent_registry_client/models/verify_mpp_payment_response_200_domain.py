from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.verify_mpp_payment_response_200_domain_status import VerifyMppPaymentResponse200DomainStatus

T = TypeVar("T", bound="VerifyMppPaymentResponse200Domain")


@_attrs_define
class VerifyMppPaymentResponse200Domain:
    """
    Attributes:
        name (str):
        namespace (str):
        status (VerifyMppPaymentResponse200DomainStatus):
        owner_id (str):
        registration_date (str):
        expiry_date (str):
    """

    name: str
    namespace: str
    status: VerifyMppPaymentResponse200DomainStatus
    owner_id: str
    registration_date: str
    expiry_date: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        namespace = self.namespace

        status = self.status.value

        owner_id = self.owner_id

        registration_date = self.registration_date

        expiry_date = self.expiry_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "namespace": namespace,
                "status": status,
                "owner_id": owner_id,
                "registration_date": registration_date,
                "expiry_date": expiry_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        namespace = d.pop("namespace")

        status = VerifyMppPaymentResponse200DomainStatus(d.pop("status"))

        owner_id = d.pop("owner_id")

        registration_date = d.pop("registration_date")

        expiry_date = d.pop("expiry_date")

        verify_mpp_payment_response_200_domain = cls(
            name=name,
            namespace=namespace,
            status=status,
            owner_id=owner_id,
            registration_date=registration_date,
            expiry_date=expiry_date,
        )

        return verify_mpp_payment_response_200_domain
